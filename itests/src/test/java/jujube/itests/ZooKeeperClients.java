package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import jujube.access.Credential;
import org.apache.curator.framework.CuratorFramework;
import org.apache.jute.BinaryOutputArchive;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.apache.zookeeper.proto.ConnectRequest;

/**
 * ZooKeeper clients as the tests of the access policy need them: a session holding given credentials the
 * way an agent holds them, and connections that ask for a session and then do nothing, as a stranger
 * holding connections open would; and what tests read through a client of their own.
 */
final class ZooKeeperClients {
    private ZooKeeperClients() {}

    /** A connected session authenticated with {@code credentials} as an agent is: by digest, and in its groups. */
    static ZooKeeper session(String connect, List<Credential> credentials, Duration within) throws Exception {
        CountDownLatch connected = new CountDownLatch(1);
        ZooKeeper zk = new ZooKeeper(connect, 10_000, e -> {
            if (e.getState() == Watcher.Event.KeeperState.SyncConnected) {
                connected.countDown();
            }
        });
        for (Credential c : credentials) {
            for (String scheme : List.of("digest", "jujube")) {
                zk.addAuthInfo(scheme, (c.principal() + ":" + c.secret()).getBytes(StandardCharsets.UTF_8));
            }
        }
        assertTrue(connected.await(within.toSeconds(), TimeUnit.SECONDS), "connected to " + connect);
        return zk;
    }

    /**
     * Whether an operation's outcome is a refusal: by a node's ACL, or by a server that closed the revoked
     * session first (the client then sees its session expired, or its connection lost).
     */
    static boolean refused(KeeperException.Code code) {
        return code == KeeperException.Code.NOAUTH || code == KeeperException.Code.SESSIONEXPIRED
                || code == KeeperException.Code.CONNECTIONLOSS;
    }

    /**
     * {@code count} connections to {@code host:port}, each having asked for a session (of 30 s, the longest
     * a silent stranger may keep one) and sending nothing more: no authentication, no ping.
     */
    static List<Socket> idle(String host, int port, int count) throws IOException {
        List<Socket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                Socket s = new Socket(host, port);
                sockets.add(s);
                s.getOutputStream().write(connectRequest());
                s.getOutputStream().flush();
            }
        } catch (IOException e) {
            close(sockets);
            throw e;
        }
        return sockets;
    }

    static void close(List<Socket> sockets) {
        for (Socket s : sockets) {
            try {
                s.close();
            } catch (IOException e) {
                // closing: nothing to do
            }
        }
    }

    /** A client's first packet: its length and a ConnectRequest (for a new session, not read-only). */
    private static byte[] connectRequest() throws IOException {
        ByteArrayOutputStream record = new ByteArrayOutputStream();
        new ConnectRequest(0, 0, 30_000, 0, new byte[16], false).serialize(BinaryOutputArchive.getArchive(record), "connect");
        ByteArrayOutputStream packet = new ByteArrayOutputStream();
        new DataOutputStream(packet).writeInt(record.size());
        packet.write(record.toByteArray());
        return packet.toByteArray();
    }

    /** The bytes the files under {@code dir} take on disk (allocated blocks), as {@code du} counts them. */
    static long diskBytes(Path dir) throws IOException, InterruptedException {
        Process du = new ProcessBuilder("du", "-sk", dir.toString()).redirectErrorStream(true).start();
        String out = new String(du.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        du.waitFor();
        // a file purged while du walks makes it complain (and exit 1) before its total, which counts the rest
        String total = out.lines().filter(l -> l.endsWith("\t" + dir)).reduce((a, b) -> b)
                .orElseThrow(() -> new IOException("du -sk " + dir + ": " + out));
        return 1024 * Long.parseLong(total.substring(0, total.indexOf('\t')).strip());
    }

    /** The session owning machine 0's presence node, 0 when there is none or it cannot be read now. */
    static long machine0PresenceOwner(CuratorFramework zk) {
        try {
            Stat stat = zk.checkExists().forPath("/machines/machine-0000000000/agent");
            return stat == null ? 0 : stat.getEphemeralOwner();
        } catch (Exception e) {
            return 0;
        }
    }
}
