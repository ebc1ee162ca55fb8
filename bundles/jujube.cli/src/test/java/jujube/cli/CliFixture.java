package jujube.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import jujube.state.ConnectionConfig;
import jujube.state.EnvironmentSettings;
import jujube.state.StateConnection;
import jujube.state.curator.StateConnections;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs commands in-process against a real ZooKeeper: one server per test class, and per test a fresh
 * environment as bootstrap leaves it (environment.yaml, initialized state), kept apart from the other
 * tests' by its own chroot. Each test gets its own copy of the example charm repository, since
 * upgrades write revision files.
 */
abstract class CliFixture {
    private static final AtomicInteger ENVIRONMENTS = new AtomicInteger();
    static TestingServer zk;

    @TempDir
    Path home;
    /** The environment's administrator, whose credentials the command line finds in its directory. */
    jujube.access.Credential admin;

    String envName;
    String chroot;
    Path repository;
    StateConnection state;
    private final List<AutoCloseable> open = new ArrayList<>();

    /** What a command printed and returned. */
    record Result(int code, String out, String err) {
        Result assertOk() {
            assertEquals(0, code, () -> "exit code; stderr: " + err + " stdout: " + out);
            return this;
        }

        /** Exit 1 with exactly one line on stderr, which is returned. */
        String assertFailure() {
            assertEquals(1, code, () -> "exit code; stdout: " + out + " stderr: " + err);
            assertEquals(1, err.lines().count(), () -> "one line on stderr: " + err);
            return err.strip();
        }
    }

    @BeforeAll
    static void startServer() throws Exception {
        // ZooKeeper's default NIO client sleeps 100 ms on every close, which hundreds of in-process commands
        // would pay; Netty's does not. (bin/jujube keeps NIO: in a cold JVM, loading Netty costs more.)
        System.setProperty("zookeeper.clientCnxnSocket", "org.apache.zookeeper.ClientCnxnSocketNetty");
        zk = new TestingServer(true);
    }

    @AfterAll
    static void stopServer() throws Exception {
        zk.close();
    }

    @BeforeEach
    void newEnvironment() throws IOException {
        System.setProperty("jujube.home", home.toString());
        repository = home.resolve("repository");
        copy(Path.of("../../examples/charms").toAbsolutePath().normalize(), repository);
        bootstrap(placement());
    }

    /** The placement policy of the test's environment. */
    String placement() {
        return "local";
    }

    void bootstrap(String placement) throws IOException {
        int n = ENVIRONMENTS.incrementAndGet();
        envName = "env" + n;
        chroot = "cli-env" + n;
        Path dir = home.resolve("environments").resolve(envName);
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("environment.yaml"), "name: " + envName + "\nprovider: local\nzookeeper-port: "
                + zk.getPort() + "\nplacement: " + placement + "\nzookeeper-chroot: " + chroot + "\n");
        admin = jujube.access.Credential.generate(jujube.access.Credential.ADMIN);
        jujube.access.CredentialFiles.write(dir.resolve("secrets/admin.yaml"), List.of(admin));
        state = StateConnections.open(new ConnectionConfig("127.0.0.1:" + zk.getPort(), Duration.ofSeconds(10),
                Duration.ofSeconds(5), chroot, List.of(admin)));
        open.add(state);
        state.awaitConnected(Duration.ofSeconds(10));
        state.initialize(new EnvironmentSettings(envName, "local", placement, "local-0"));
    }

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
        System.clearProperty("jujube.home");
    }

    /** Runs {@code jujube COMMAND -e ENV ARGS...}. */
    Result run(String command, String... args) {
        List<String> all = new ArrayList<>(List.of(command, "-e", envName));
        all.addAll(Arrays.asList(args));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(all.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(code, out.toString(), err.toString());
    }

    Result deploy(String charm, String... more) {
        List<String> args = new ArrayList<>(List.of("--repository", repository.toString(), charm));
        args.addAll(Arrays.asList(more));
        return run("deploy", args.toArray(String[]::new));
    }

    /** Every node of the environment with its content: equal snapshots mean nothing was changed. */
    Map<String, String> snapshot() throws Exception {
        CuratorFramework raw = CuratorFrameworkFactory.builder().connectString(zk.getConnectString())
                .authorization("digest", (admin.principal() + ":" + admin.secret()).getBytes(java.nio.charset.StandardCharsets.UTF_8))
                .retryPolicy(new RetryOneTime(100)).namespace(chroot).build();
        raw.start();
        try {
            Map<String, String> nodes = new TreeMap<>();
            walk(raw, "/", nodes);
            return nodes;
        } finally {
            raw.close();
        }
    }

    private static void walk(CuratorFramework raw, String path, Map<String, String> nodes) throws Exception {
        byte[] data = raw.getData().forPath(path);
        nodes.put(path, data == null ? "" : new String(data, StandardCharsets.UTF_8));
        for (String child : raw.getChildren().forPath(path)) {
            walk(raw, (path.equals("/") ? "" : path) + "/" + child, nodes);
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> tree = Files.walk(from)) {
            for (Path p : tree.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }
}
