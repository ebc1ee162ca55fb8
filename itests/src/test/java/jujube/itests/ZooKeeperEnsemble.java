package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;

/**
 * A 3-server ZooKeeper ensemble on loopback, each server its own JVM process (a real
 * {@code QuorumPeerMain}), so that a server can be killed with SIGKILL and restarted the way a host
 * fails. Servers are numbered 1 to 3 (their {@code myid}); everything lives under one directory:
 * {@code server-N/zoo.cfg}, {@code server-N/data/} and {@code server-N.log}.
 */
final class ZooKeeperEnsemble implements AutoCloseable {
    /** Polls every 50 ms; what the test's own threads throw meanwhile is not the awaited condition. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(50));

    static final int SIZE = 3;
    private static final Duration START_TIMEOUT = Duration.ofSeconds(45);
    private static final Pattern MODE = Pattern.compile("(?m)^Mode: (\\w+)$");

    private final Path dir;
    private final int[] clientPorts = new int[SIZE + 1];
    private final Process[] processes = new Process[SIZE + 1];

    /** Chooses the ports and writes each server's configuration; nothing runs until {@link #start()}. */
    ZooKeeperEnsemble(Path dir) throws IOException {
        this.dir = dir;
        int[] ports = freePorts(3 * SIZE);
        StringBuilder peers = new StringBuilder();
        for (int id = 1; id <= SIZE; id++) {
            clientPorts[id] = ports[3 * (id - 1)];
            // no client address on these lines: the ensemble's dynamic config then names none, and
            // Curator's ensemble tracker keeps a client's connect string as given (connectString(server))
            peers.append("server.").append(id).append("=127.0.0.1:").append(ports[3 * (id - 1) + 1])
                    .append(':').append(ports[3 * (id - 1) + 2]).append('\n');
        }
        for (int id = 1; id <= SIZE; id++) {
            Path data = Files.createDirectories(serverDir(id).resolve("data"));
            Files.writeString(data.resolve("myid"), id + "\n");
            Files.writeString(serverDir(id).resolve("zoo.cfg"), String.join("\n",
                    // short ticks: a dead leader is noticed and replaced within a few seconds
                    "tickTime=500", "initLimit=10", "syncLimit=5",
                    "dataDir=" + data, "clientPort=" + clientPorts[id], "clientPortAddress=127.0.0.1",
                    "admin.enableServer=false",
                    // srvr tells a server's role; cons lists the sessions connected to it
                    "4lw.commands.whitelist=srvr,ruok,stat,cons",
                    // what every ensemble serving Jujube needs: the group rights of its ACLs (the class is on
                    // the test's class path, which the servers run on) and quotas enforced
                    "authProvider.jujube=jujube.zookeeper.auth.GroupAuthenticationProvider",
                    "enforceQuota=true",
                    // SIGKILL kills the process, not the host: the page cache keeps what was written
                    "forceSync=no",
                    peers.toString()));
        }
    }

    /** Starts every server and waits until all serve and one of them leads. */
    void start() throws IOException {
        for (int id = 1; id <= SIZE; id++) {
            launch(id);
        }
        for (int id = 1; id <= SIZE; id++) {
            awaitServing(id);
        }
        leader();
    }

    /** All three servers, for clients that must survive the loss of any one. */
    String connectString() {
        return IntStream.rangeClosed(1, SIZE).mapToObj(this::connectString).collect(Collectors.joining(","));
    }

    /** One server only, to see what that server serves. */
    String connectString(int server) {
        return "127.0.0.1:" + clientPorts[check(server)];
    }

    /** The server that leads now, waiting for an election to finish if one runs. */
    int leader() {
        int[] found = {0};
        POLLING.await("a leader of the ensemble").atMost(START_TIMEOUT)
                .untilAsserted(() -> assertTrue(() -> {
            List<Integer> leaders = IntStream.rangeClosed(1, SIZE).filter(id -> mode(id).filter("leader"::equals).isPresent())
                    .boxed().toList();
            found[0] = leaders.size() == 1 ? leaders.get(0) : 0;
            return found[0] != 0;
        }, () -> "last seen: " + modes()));
        return found[0];
    }

    /** Kills the current leader with SIGKILL and returns its number, for {@link #restart}. */
    int killLeader() {
        int leader = leader();
        kill(leader);
        return leader;
    }

    /** SIGKILL, as when the host dies: no goodbye to peers or clients. */
    void kill(int server) {
        Process p = processes[check(server)];
        if (p == null) {
            return;
        }
        p.destroyForcibly();
        try {
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                throw new AssertionError("ZooKeeper server " + server + " survived SIGKILL");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted killing ZooKeeper server " + server, e);
        }
        processes[server] = null;
    }

    /** Starts a killed server again on its data and ports, and waits until it has rejoined and serves. */
    void restart(int server) throws IOException {
        if (processes[check(server)] != null) {
            throw new IllegalStateException("ZooKeeper server " + server + " still runs");
        }
        launch(server);
        awaitServing(server);
    }

    /** The server's role when it serves ({@code leader} or {@code follower}); empty when down or not serving. */
    Optional<String> mode(int server) {
        Matcher m = MODE.matcher(fourLetterWord(server, "srvr"));
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /** The answer of a four-letter word command, empty when the server does not answer. */
    String fourLetterWord(int server, String word) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", clientPorts[check(server)]), 1000);
            s.setSoTimeout(2000);
            s.getOutputStream().write(word.getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            try (InputStream in = s.getInputStream()) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            return "";
        }
    }

    /** The live server a session is connected to, from each server's {@code cons}; empty when none. */
    Optional<Integer> serverOf(long sessionId) {
        String sid = "sid=0x" + Long.toHexString(sessionId) + ",";
        return IntStream.rangeClosed(1, SIZE).filter(id -> fourLetterWord(id, "cons").contains(sid)).boxed().findFirst();
    }

    /** Every server's role, for failure messages. */
    String modes() {
        return IntStream.rangeClosed(1, SIZE).mapToObj(id -> id + "=" + mode(id).orElse("down"))
                .collect(Collectors.joining(", "));
    }

    /**
     * Kills every server. The directory stays: it lives in a test's scratch directory, which
     * {@link ScratchDirectories} removes after the test passes and keeps for a look when it fails.
     */
    @Override
    public void close() throws IOException {
        for (int id = 1; id <= SIZE; id++) {
            kill(id);
        }
    }

    private void launch(int id) throws IOException {
        // the test JVM's class path holds zookeeper, jute, metrics-core, snappy and slf4j (test scope)
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"),
                "org.apache.zookeeper.server.quorum.QuorumPeerMain",
                serverDir(id).resolve("zoo.cfg").toString()));
        processes[id] = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("server-" + id + ".log").toFile()))
                .start();
    }

    private void awaitServing(int id) {
        POLLING.await("ZooKeeper server " + id + " serving").atMost(START_TIMEOUT)
                .failFast("ZooKeeper server " + id + " exited", () -> assertTrue(processes[id].isAlive(),
                        () -> "ZooKeeper server " + id + " exited: " + log(id)))
                .untilAsserted(() -> assertTrue(() -> mode(id).isPresent(), () -> "last seen: " + fourLetterWord(id, "srvr")));
    }

    private String log(int id) {
        try {
            String text = Files.readString(dir.resolve("server-" + id + ".log"));
            return text.length() > 4000 ? text.substring(text.length() - 4000) : text;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path serverDir(int id) {
        return dir.resolve("server-" + id);
    }

    private static int check(int server) {
        if (server < 1 || server > SIZE) {
            throw new IllegalArgumentException("servers are numbered 1 to " + SIZE + ", got " + server);
        }
        return server;
    }

    /** Distinct free ports: all sockets are held open together so that no port is handed out twice. */
    private static int[] freePorts(int count) throws IOException {
        List<ServerSocket> held = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                held.add(new ServerSocket(0));
            }
            return held.stream().mapToInt(ServerSocket::getLocalPort).toArray();
        } finally {
            for (ServerSocket s : held) {
                s.close();
            }
        }
    }
}
