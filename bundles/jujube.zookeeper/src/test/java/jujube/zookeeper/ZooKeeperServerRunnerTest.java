package jujube.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import jujube.zookeeper.internal.ZooKeeperServerRunner;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Quotas;
import org.apache.zookeeper.StatsTrack;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.server.SyncRequestProcessor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ZooKeeperServerRunnerTest {
    private static final List<ACL> OPEN = new ArrayList<>(ZooDefs.Ids.OPEN_ACL_UNSAFE);

    @Test
    void serves_on_a_chosen_port_and_keeps_its_data_directory(@TempDir Path dir) throws Exception {
        try (ZooKeeperServerRunner zk = ZooKeeperServerRunner.start("127.0.0.1", 0, dir, 500, 30_000)) {
            assertTrue(zk.port() > 0);
            assertEquals("imok", fourLetterWord(zk.port(), "ruok"));
        }
        try (var files = Files.list(dir)) {
            assertTrue(files.findAny().isPresent(), "the server wrote its data under " + dir);
        }
    }

    @Test
    void serves_authenticated_clients_only(@TempDir Path dir) throws Exception {
        try (ZooKeeperServerRunner zk = ZooKeeperServerRunner.start("127.0.0.1", 0, dir, 500, 30_000)) {
            try (ZooKeeper anonymous = connected(zk)) {
                KeeperException refused = assertThrows(KeeperException.class, () -> anonymous.exists("/", false));
                assertEquals(KeeperException.Code.SESSIONCLOSEDREQUIRESASLAUTH, refused.code());
            }
            try (ZooKeeper authenticated = connected(zk)) {
                authenticated.addAuthInfo("digest", "admin:secret".getBytes(StandardCharsets.UTF_8));
                assertNotNull(authenticated.exists("/", false));
            }
        }
    }

    @Test
    void quotas_are_enforced(@TempDir Path dir) throws Exception {
        try (ZooKeeperServerRunner zk = ZooKeeperServerRunner.start("127.0.0.1", 0, dir, 500, 30_000);
                ZooKeeper client = authenticated(zk)) {
            client.create("/bounded", new byte[0], OPEN, CreateMode.PERSISTENT);
            StatsTrack limits = new StatsTrack();
            limits.setCountHardLimit(3);
            limits.setByteHardLimit(1000);
            client.create("/zookeeper/quota/bounded", new byte[0], OPEN, CreateMode.PERSISTENT);
            client.create(Quotas.limitPath("/bounded"), limits.getStatsBytes(), OPEN, CreateMode.PERSISTENT);
            client.create(Quotas.statPath("/bounded"), new StatsTrack().getStatsBytes(), OPEN, CreateMode.PERSISTENT);
            client.create("/bounded/a", new byte[500], OPEN, CreateMode.PERSISTENT);
            assertEquals(KeeperException.Code.QUOTAEXCEEDED, assertThrows(KeeperException.class,
                    () -> client.create("/bounded/b", new byte[600], OPEN, CreateMode.PERSISTENT)).code(), "bytes");
            client.create("/bounded/b", new byte[0], OPEN, CreateMode.PERSISTENT);
            assertEquals(KeeperException.Code.QUOTAEXCEEDED, assertThrows(KeeperException.class,
                    () -> client.create("/bounded/c", new byte[0], OPEN, CreateMode.PERSISTENT)).code(), "count");
        }
    }

    @Test
    void old_snapshots_and_logs_are_purged(@TempDir Path dir) throws Exception {
        try (ZooKeeperServerRunner zk = ZooKeeperServerRunner.start("127.0.0.1", 0, dir, 500, 30_000);
                ZooKeeper client = authenticated(zk)) {
            // a snapshot, and a new log, every 256 KiB of log instead of every 16 MiB
            SyncRequestProcessor.setSnapSizeInBytes(256 * 1024);
            try {
                client.create("/rewritten", new byte[0], OPEN, CreateMode.PERSISTENT);
                for (int i = 0; i < 200; i++) {
                    client.setData("/rewritten", new byte[100 * 1024], -1);
                }
            } finally {
                SyncRequestProcessor.setSnapSizeInBytes(16L * 1024 * 1024);
            }
            Path data = dir.resolve("data/version-2");
            assertTrue(count(data, "snapshot.") > 3, "snapshots taken: " + count(data, "snapshot."));
            long logsBefore = count(data, "log.");
            zk.purge();
            assertEquals(3, count(data, "snapshot."), "snapshots kept");
            // the logs kept are those the snapshots need: the one the oldest snapshot falls in, and all after
            // it (how many logs a snapshot spans depends on how busy the server's snapshot thread was)
            long oldestSnapshot = zxids(data, "snapshot.").stream().min(Long::compare).orElseThrow();
            List<Long> logs = zxids(data, "log.");
            assertEquals(1, logs.stream().filter(zxid -> zxid <= oldestSnapshot).count(),
                    "logs at or before the oldest snapshot, " + Long.toHexString(oldestSnapshot) + ": " + logs);
            assertTrue(logs.size() < logsBefore, "logs purged: " + logsBefore + " before, " + logs.size() + " after");
        }
    }

    /** The zxids the names of the files with {@code prefix} carry ({@code log.1a2b}). */
    private static List<Long> zxids(Path dir, String prefix) throws Exception {
        try (var files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith(prefix))
                    .map(n -> Long.parseLong(n.substring(prefix.length()), 16)).sorted().toList();
        }
    }

    private static long count(Path dir, String prefix) throws Exception {
        try (var files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().startsWith(prefix)).count();
        }
    }

    @Test
    void idle_connections_of_one_address_do_not_lock_others_out(@TempDir Path dir) throws Exception {
        List<Socket> idle = new ArrayList<>();
        try (ZooKeeperServerRunner zk = ZooKeeperServerRunner.start("127.0.0.1", 0, dir, 500, 30_000)) {
            for (int i = 0; i < 200; i++) {
                idle.add(new Socket("127.0.0.1", zk.port()));
            }
            try (ZooKeeper client = authenticated(zk)) {
                assertNotNull(client.exists("/", false));
            }
            // one that never asks for a session is closed soon: the server ends its stream
            idle.get(0).setSoTimeout(30_000);
            assertEquals(-1, idle.get(0).getInputStream().read());
        } finally {
            for (Socket s : idle) {
                s.close();
            }
        }
    }

    private static ZooKeeper authenticated(ZooKeeperServerRunner zk) throws Exception {
        ZooKeeper client = connected(zk);
        client.addAuthInfo("digest", "admin:secret".getBytes(StandardCharsets.UTF_8));
        return client;
    }

    private static ZooKeeper connected(ZooKeeperServerRunner zk) throws Exception {
        CountDownLatch connected = new CountDownLatch(1);
        ZooKeeper client = new ZooKeeper(zk.connectString(), 10_000, e -> {
            if (e.getState() == Watcher.Event.KeeperState.SyncConnected) {
                connected.countDown();
            }
        });
        assertTrue(connected.await(10, TimeUnit.SECONDS));
        return client;
    }

    private static String fourLetterWord(int port, String word) throws Exception {
        try (Socket s = new Socket("127.0.0.1", port)) {
            OutputStream out = s.getOutputStream();
            out.write(word.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII).trim();
        }
    }
}
