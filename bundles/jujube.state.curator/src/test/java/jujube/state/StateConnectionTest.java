package jujube.state;

import jujube.state.curator.StateConnections;

import jujube.access.Credential;

import jujube.model.CharmRecord;
import jujube.model.MachineInfo;
import jujube.model.NoSuchMachineException;
import jujube.model.StateException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.curator.test.TestingServer;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class StateConnectionTest {
    /** Waits for what the connection does in Curator's threads: every 20 ms for up to 30 s. */
    private static final ConditionFactory POLLING = Awaitility.with().atMost(Duration.ofSeconds(30))
            .pollInterval(Duration.ofMillis(20)).dontCatchUncaughtExceptions();

    private static final Credential ADMIN = Credential.generate(Credential.ADMIN);
    private static final EnvironmentSettings LOCAL = new EnvironmentSettings("test", "local", "local", "local-0");
    private TestingServer zk;

    @BeforeEach
    void start() throws Exception {
        zk = new TestingServer(true);
    }

    @AfterEach
    void stop() throws Exception {
        zk.close();
    }

    private StateConnection connect() {
        StateConnection c = StateConnections.open(new ConnectionConfig(zk.getConnectString(),
                Duration.ofSeconds(4), Duration.ofSeconds(2), "", List.of(ADMIN)));
        c.awaitConnected(Duration.ofSeconds(10));
        return c;
    }

    @Test
    void initialize_creates_the_hierarchy_and_machine_0_once() {
        try (StateConnection c = connect()) {
            assertFalse(c.isInitialized());
            c.initialize(LOCAL);
            assertTrue(c.isInitialized());
            List<MachineInfo> machines = c.machines().list();
            assertEquals(List.of(new MachineInfo(0, "local-0", false)), machines);
            StateException again = assertThrows(StateException.class, () -> c.initialize(LOCAL));
            assertTrue(again.getMessage().contains("already initialized"), again.getMessage());
        }
    }

    @Test
    void a_chroot_keeps_the_environment_below_its_path() throws Exception {
        try (StateConnection c = StateConnections.open(new ConnectionConfig(zk.getConnectString(),
                Duration.ofSeconds(4), Duration.ofSeconds(2), "/envs/one", List.of(ADMIN)))) {
            c.awaitConnected(Duration.ofSeconds(10));
            c.initialize(LOCAL);
        }
        try (StateConnection root = connect()) {
            assertFalse(root.isInitialized(), "nothing written at the root");
        }
        try (var raw = raw()) {
            raw.start();
            assertTrue(raw.checkExists().forPath("/envs/one/initialized") != null);
        }
    }

    @Test
    void await_initialized_wakes_when_another_client_bootstraps() throws Exception {
        try (StateConnection waiter = connect(); StateConnection bootstrapper = connect()) {
            Thread t = new Thread(() -> bootstrapper.initialize(LOCAL));
            t.start();
            waiter.awaitInitialized(Duration.ofSeconds(10));
            t.join();
            assertTrue(waiter.isInitialized());
        }
    }

    @Test
    void await_initialized_times_out_with_a_named_error() {
        try (StateConnection c = connect()) {
            assertThrows(EnvironmentNotInitializedException.class, () -> c.awaitInitialized(Duration.ofMillis(300)));
        }
    }

    @Test
    void await_environment_reports_each_wait_until_bootstrap_and_gives_up_when_interrupted() throws Exception {
        try (StateConnection waiter = connect(); StateConnection bootstrapper = connect()) {
            List<String> waits = new CopyOnWriteArrayList<>();
            boolean[] ready = new boolean[1];
            Thread agent = new Thread(() -> ready[0] = waiter.awaitEnvironment(Duration.ofMillis(100), waits::add));
            agent.start();
            POLLING.until(() -> waits.size() >= 2);
            bootstrapper.initialize(LOCAL);
            agent.join(10_000);
            assertTrue(ready[0], "ready once initialized");
            assertTrue(waits.get(0).contains("not initialized"), waits.toString());
        }
        try (StateConnection fresh = StateConnections.open(new ConnectionConfig("127.0.0.1:1",
                Duration.ofSeconds(4), Duration.ofSeconds(2), ""))) {
            boolean[] ready = {true};
            Thread agent = new Thread(() -> ready[0] = fresh.awaitEnvironment(Duration.ofMillis(100), why -> { }));
            agent.start();
            agent.interrupt();
            agent.join(10_000);
            assertFalse(agent.isAlive());
            assertFalse(ready[0], "interrupted: not ready");
        }
    }

    @Test
    void presence_of_an_unknown_machine_is_refused() {
        try (StateConnection c = connect()) {
            c.initialize(LOCAL);
            NoSuchMachineException e = assertThrows(NoSuchMachineException.class, () -> c.machines().connectAgent(7));
            assertEquals("machine 7 does not exist", e.getMessage());
        }
    }

    @Test
    void presence_survives_a_server_restart_and_a_session_expiry() throws Exception {
        List<ConnectionState> seen = new CopyOnWriteArrayList<>();
        try (StateConnection admin = connect(); StateConnection agent = connect()) {
            admin.initialize(LOCAL);
            agent.addListener(seen::add);
            try (Presence p = agent.machines().connectAgent(0)) {
                POLLING.until(() -> admin.machines().list().get(0).agentConnected());

                // an outage shorter than the session: the same session comes back
                zk.stop();
                POLLING.until(() -> seen.contains(ConnectionState.SUSPENDED));
                zk.restart();
                POLLING.until(() -> seen.contains(ConnectionState.RECONNECTED));
                POLLING.until(() -> admin.machines().list().get(0).agentConnected());

                // an outage longer than the 4 s session: the session expires, presence is re-created
                seen.clear();
                zk.stop();
                POLLING.until(() -> seen.contains(ConnectionState.LOST));
                zk.restart();
                POLLING.until(() -> seen.contains(ConnectionState.RECONNECTED));
                POLLING.until(() -> admin.machines().list().get(0).agentConnected());
                assertTrue(p.isPresent());
            }
            POLLING.until(() -> !admin.machines().list().get(0).agentConnected());
        }
    }

    @Test
    void closing_a_presence_while_zookeeper_is_down_returns_at_once_and_the_node_goes_when_it_is_back()
            throws Exception {
        List<ConnectionState> seen = new CopyOnWriteArrayList<>();
        try (StateConnection admin = connect();
                StateConnection agent = StateConnections.open(new ConnectionConfig(zk.getConnectString(),
                        Duration.ofSeconds(30), Duration.ofSeconds(2), "", List.of(ADMIN)))) { // a session that outlives the outage
            agent.awaitConnected(Duration.ofSeconds(10));
            admin.initialize(LOCAL);
            agent.addListener(seen::add);
            Presence p = agent.machines().connectAgent(0);
            POLLING.until(() -> admin.machines().list().get(0).agentConnected());

            zk.stop();
            POLLING.until(() -> seen.contains(ConnectionState.SUSPENDED));
            // a stopping agent whose ZooKeeper died must not wait out the retry policy (it did: 30 s and more)
            assertTimeoutPreemptively(Duration.ofSeconds(10), p::close);
            zk.restart();

            POLLING.until(() -> seen.contains(ConnectionState.RECONNECTED));
            // the same session came back, so only the delete, retried on reconnection, removes the node
            assertFalse(seen.contains(ConnectionState.LOST), "the session survived: " + seen);
            POLLING.until(() -> !admin.machines().list().get(0).agentConnected());
        }
    }

    @Test
    void close_before_exit_returns_once_the_session_has_ended() throws Exception {
        try (StateConnection admin = connect();
                var raw = raw()) {
            admin.initialize(LOCAL);
            raw.start();
            StateConnection exiting = connect();
            // a candidate's node is ephemeral: only the end of its session removes it
            exiting.leadership("exit");
            POLLING.until(() -> candidates(raw) == 1);
            exiting.services().add("late", admin.charms().publish(new CharmRecord("local:precise/late-1",
                    "file:///charms/late", "sha-late", java.util.Map.of("name", "late"), java.util.Map.of())).id());

            StateConnections.closeBeforeExit(exiting, Duration.ofSeconds(10));

            // no waiting here: the session ended, after everything it wrote, before closeBeforeExit returned
            assertEquals(0, candidates(raw));
            assertEquals("late", admin.services().get("late").name());
        }
    }

    private static int candidates(org.apache.curator.framework.CuratorFramework raw) {
        try {
            return raw.getChildren().forPath("/leadership/exit").size();
        } catch (org.apache.zookeeper.KeeperException.NoNodeException e) {
            return 0;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void corrupt_topology_is_reported_with_its_node() throws Exception {
        try (StateConnection c = connect()) {
            c.initialize(LOCAL);
            try (var raw = raw()) {
                raw.start();
                raw.setData().forPath("/topology", "machines: [unclosed".getBytes());
            }
            CorruptStateException e = assertThrows(CorruptStateException.class, () -> c.machines().list());
            assertTrue(e.getMessage().startsWith("node /topology: "), e.getMessage());
        }
    }

    /** A bare client authenticated as the administrator, to look at or plant nodes. */
    private org.apache.curator.framework.CuratorFramework raw() {
        return org.apache.curator.framework.CuratorFrameworkFactory.builder().connectString(zk.getConnectString())
                .retryPolicy(new org.apache.curator.retry.RetryOneTime(100))
                .authorization("digest", (ADMIN.principal() + ":" + ADMIN.secret()).getBytes(java.nio.charset.StandardCharsets.UTF_8))
                .build();
    }
}
