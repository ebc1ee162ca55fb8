package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import jujube.state.EnvironmentSettings;
import jujube.state.StateConnection;
import jujube.state.curator.StateConnections;
import jujube.testkit.Polling;
import org.apache.curator.framework.CuratorFramework;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A machine agent's ZooKeeper session expires while ZooKeeper keeps serving everyone else: the agent's
 * JVM is frozen (SIGSTOP) for longer than its session timeout while the operator changes the blog's
 * config and adds a database unit. Thawed, the agent gets a new session: its presence comes back, its
 * watches are re-armed, the changes made meanwhile are delivered, and no hook runs twice.
 */
class SessionExpiryIT {
    /** Polls every 50 ms; what the test's own threads throw meanwhile is not the awaited condition. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(50));

    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    private static final int SESSION_MS = 4000;
    private static final Duration UP = Duration.ofSeconds(45);
    private Path home;
    private Environment env;
    private AgentProcess machine;

    @BeforeEach
    void setUp() throws Exception {
        home = SCRATCH.make("jujube-expiry");
        env = Environment.attach(home, "local");
    }

    @AfterEach
    void tearDown() throws Exception {
        try {
            if (machine != null && machine.process().isAlive()) {
                machine.signal("CONT"); // a stopped process would not act on SIGTERM
            }
            env.close();
        } finally {
            for (ProcessHandle p : Distribution.processesMentioning(home)) {
                p.destroyForcibly();
            }
        }
    }

    @Test
    void expired_session_restores_presence_rearms_watches_and_delivers_changes() throws Exception {
        int port = freePort();
        String connect = "127.0.0.1:" + port;
        Path dir = Files.createDirectories(env.dir());
        Files.writeString(dir.resolve("environment.yaml"), "name: local\nprovider: local\nzookeeper-port: " + port
                + "\nplacement: local\n");
        Administrator.create(dir);
        AgentProcess controller = AgentProcess.start(dir, "controller", "controller", "--env-dir", dir.toString(),
                "--zookeeper-port", Integer.toString(port));
        controller.awaitUp(UP, () -> controller.log().contains("controller up in"));
        try (StateConnection state = StateConnections.open(Administrator.connection(connect, dir));
                CuratorFramework zk = Administrator.raw(connect, Administrator.of(dir))) {
            state.awaitConnected(UP);
            state.initialize(new EnvironmentSettings("local", "local", "local", "local-0"));
            Administrator.handOneTimeCredential(state, 0, dir.resolve("machines/machine-0"));
            machine = AgentProcess.start(dir, "machine-0", "machine", "--machine-id", "0", "--zookeeper", connect,
                    "--data-dir", dir.resolve("machines/machine-0").toString(),
                    "--session-timeout", Integer.toString(SESSION_MS));
            machine.awaitUp(UP, () -> ZooKeeperClients.machine0PresenceOwner(zk) != 0);

            env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:mysql");
            env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:wordpress", "blog");
            env.ok("add-relation", "blog", "mysql");
            awaitHookLine("blog/0", "db-relation-changed mysql/0 ready");
            awaitHookLine("mysql/0", "db-relation-changed blog/0 ready=true");
            env.awaitUnits(Map.of("mysql/0", "started", "blog/0", "started"));
            long before = ZooKeeperClients.machine0PresenceOwner(zk);

            machine.signal("STOP");
            env.ok("set", "blog", "title=Written while frozen");
            env.ok("add-unit", "mysql");
            // the outage itself is what is tested: wait until the server has expired the frozen session
            POLLING.await("the frozen agent's session expired").atMost(Duration.ofSeconds(SESSION_MS / 1000 * 4))
                    .untilAsserted(() -> assertTrue(() -> ZooKeeperClients.machine0PresenceOwner(zk) != before,
                            () -> "last seen: " + Long.toHexString(ZooKeeperClients.machine0PresenceOwner(zk))));
            assertTrue(machine.process().isAlive());
            machine.signal("CONT");

            long[] after = new long[1];
            POLLING.await("machine 0's presence under a new session").atMost(UP)
                    .untilAsserted(() -> assertTrue(() -> (after[0] = ZooKeeperClients.machine0PresenceOwner(zk)) != 0,
                            () -> "last seen: " + tail(machine.log())));
            assertNotEquals(before, after[0]);
            Path conf = env.unitDir("blog/0").resolve("wordpress.conf");
            POLLING.await("blog/0 config-changed with the title set meanwhile").atMost(UP)
                    .untilAsserted(() -> assertTrue(() -> Environment.lines(conf).contains("title=Written while frozen"),
                            () -> "last seen: " + Environment.lines(conf) + "\n" + tail(machine.log())));
            awaitHookLine("blog/0", "db-relation-changed mysql/1 ready");
            awaitHookLine("mysql/1", "db-relation-changed blog/0 ready=true");
            env.awaitUnits(Map.of("mysql/0", "started", "mysql/1", "started", "blog/0", "started"));
            assertTrue(state.machines().list().stream().anyMatch(m -> m.id() == 0 && m.agentConnected()),
                    "status shows machine 0's agent");
            // the re-armed watches keep delivering: a change made after the thaw arrives too
            env.ok("set", "blog", "title=Written after the thaw");
            POLLING.await("blog/0 config-changed with the title set after the thaw").atMost(UP)
                    .untilAsserted(() -> assertTrue(() -> Environment.lines(conf).contains("title=Written after the thaw"),
                            () -> "last seen: " + Environment.lines(conf) + "\n" + tail(machine.log())));

            assertCounts("blog/0", Map.of("install -", 1L, "config-changed - port=8080", 3L, "start - port=8080", 1L,
                    "db-relation-joined mysql/0", 1L, "db-relation-changed mysql/0 ready", 1L,
                    "db-relation-joined mysql/1", 1L, "db-relation-changed mysql/1 ready", 1L));
            // mysql's changed hook may rightly run twice for one remote change: once after joined, reading
            // settings the blog already updated, and once more for that update's own settings version
            // (a changed hook is owed per version seen, and may read newer data): at least once, then
            assertCounts("mysql/0", Map.of("install -", 1L, "config-changed -", 1L, "start -", 1L,
                    "db-relation-joined blog/0 database=blog", 1L));
            assertCounts("mysql/1", Map.of("install -", 1L, "config-changed -", 1L, "start -", 1L,
                    "db-relation-joined blog/0 database=blog", 1L));
            for (String unit : List.of("mysql/0", "mysql/1")) {
                assertTrue(env.hookLog(unit).contains("db-relation-changed blog/0 ready=true"), env.hookLog(unit).toString());
            }
            assertTrue(machine.process().isAlive() && controller.process().isAlive());
        }
    }

    private void assertCounts(String unit, Map<String, Long> expected) {
        List<String> log = env.hookLog(unit);
        expected.forEach((line, count) -> assertEquals(count, log.stream().filter(line::equals).count(),
                unit + " ran '" + line + "' " + count + " time(s): " + log));
    }

    private void awaitHookLine(String unit, String line) {
        POLLING.await(unit + " hook.log line '" + line + "'").atMost(UP)
                .untilAsserted(() -> assertTrue(() -> env.hookLog(unit).contains(line),
                        () -> "last seen: " + env.hookLog(unit) + "\nmachine 0: " + tail(env.machineLog(0))));
    }

    private static String tail(String log) {
        return EnsembleDeployIT.tail(log);
    }

    private static int freePort() throws java.io.IOException {
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress("127.0.0.1", 0));
            return s.getLocalPort();
        }
    }
}
