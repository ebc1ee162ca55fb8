package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import jujube.model.CharmRecord;
import jujube.state.ConnectionState;
import jujube.state.EnvironmentSettings;
import jujube.state.StateConnection;
import jujube.state.curator.StateConnections;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import jujube.state.Watch;
import jujube.testkit.Polling;
import org.apache.curator.framework.CuratorFramework;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Beyond one host: the real controller and machine agent run against a 3-server ZooKeeper ensemble
 * ({@code --zookeeper} with all three servers, no embedded server), and the ensemble's leader is
 * killed with SIGKILL while they run.
 */
class EnsembleIT {
    /** Polls every 50 ms; what the test's own threads throw meanwhile is not the awaited condition. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(50));

    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    private static final Duration UP = Duration.ofSeconds(30);
    private static final String CHARM = "local:precise/wiki-1";
    private final Distribution distribution = new Distribution(Path.of("/unused"));
    private Path env;
    private ZooKeeperEnsemble ensemble;

    @BeforeEach
    void setUp() throws IOException {
        env = SCRATCH.make("jujube-ensemble");
        ensemble = new ZooKeeperEnsemble(env.resolve("zookeeper"));
        ensemble.start();
    }

    @AfterEach
    void tearDown() throws Exception {
        try {
            ensemble.close();
        } finally {
            // the agents, and any server the ensemble lost track of: their command lines name env
            for (ProcessHandle p : Distribution.processesMentioning(env)) {
                p.destroyForcibly();
                p.onExit().get(30, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void leader_killed_mid_work_loses_no_presence_write_or_watched_change() throws Exception {
        String connect = ensemble.connectString();
        Administrator.create(env);
        try (StateConnection operator = open(connect); StateConnection observer = open(connect);
                CuratorFramework zk = Administrator.raw(connect, Administrator.of(env))) {
            List<ConnectionState> observerStates = new CopyOnWriteArrayList<>();
            observer.addListener(observerStates::add);
            operator.initialize(new EnvironmentSettings("ensemble", "local", "local", "local-0"));
            Administrator.handOneTimeCredential(operator, 0, env.resolve("machine-0"));
            Process controller = agent("controller", "--env-dir", env.toString(), "--zookeeper", connect);
            Process machine = agent("machine", "--machine-id", "0", "--zookeeper", connect,
                    "--data-dir", env.resolve("machine-0").toString(), "--charm-storage", env.resolve("charms").toString());
            awaitRunning(controller, "controller", () -> log("controller").contains("controller up in"));
            awaitRunning(machine, "machine", () -> ZooKeeperClients.machine0PresenceOwner(zk) != 0);
            long session = ZooKeeperClients.machine0PresenceOwner(zk);

            operator.charms().publish(new CharmRecord(CHARM, "file:///nowhere/wiki-1.charm", "0".repeat(64),
                    Map.of("name", "wiki"), Map.of()));
            operator.services().add("wiki", CHARM);
            WatchRecorder<Set<UnitName>> units = new WatchRecorder<>();
            try (Watch watch = observer.units().watch(units)) {
                operator.units().add("wiki");
                units.await("wiki/0 watched", UP, Set.of(unit(0))::equals);

                int killed = ensemble.killLeader();
                int leader = ensemble.leader();
                assertNotEquals(killed, leader, "the two survivors elect a new leader");

                // a quorum of 2 accepts writes; the watch set up before the kill sees them
                operator.units().add("wiki");
                operator.units().add("wiki");
                Set<UnitName> all = Set.of(unit(0), unit(1), unit(2));
                units.await("the units added after the kill watched", UP, all::equals);
                units.assertChained();
                // the leader's death disconnects every client (followers stop serving to elect): the
                // watch lived through a suspension of its connection, not beside it
                POLLING.await("the observer reconnected").atMost(UP)
                        .untilAsserted(() -> assertTrue(() -> observerStates.contains(ConnectionState.SUSPENDED)
                                && observerStates.get(observerStates.size() - 1) == ConnectionState.RECONNECTED,
                                () -> "last seen: " + observerStates.toString()));
                assertFalse(observerStates.contains(ConnectionState.LOST), "the observer's session survived");
                assertEquals(all, names(operator.units().list()), "each add made exactly one unit");

                // the agent's session moved to a survivor: its presence stayed, owned by it
                POLLING.await("machine 0's session on a live server").atMost(UP)
                        .untilAsserted(() -> assertTrue(() -> ensemble.serverOf(session).isPresent(),
                                () -> "last seen: " + ensemble.modes()));
                assertEquals(session, ZooKeeperClients.machine0PresenceOwner(zk), "machine 0's presence kept its session");
                assertTrue(operator.machines().list().get(0).agentConnected(), "status shows machine 0's agent");

                ensemble.restart(killed);
                assertTrue(ensemble.mode(killed).isPresent(), "server " + killed + " rejoined: " + ensemble.modes());
                // a server serves only after syncing with the leader: alone it must know every write
                try (StateConnection direct = open(ensemble.connectString(killed))) {
                    assertEquals(all, names(direct.units().list()), "server " + killed + " caught up");
                }
                assertTrue(controller.isAlive() && machine.isAlive(), "both agents outlived the leader");
            }
        }
    }

    private StateConnection open(String connect) throws java.io.IOException {
        StateConnection c = StateConnections.open(Administrator.connection(connect, env));
        c.awaitConnected(UP);
        return c;
    }

    private static UnitName unit(int n) {
        return new UnitName("wiki", n);
    }

    private static Set<UnitName> names(List<UnitInfo> units) {
        return units.stream().map(UnitInfo::name).collect(Collectors.toSet());
    }

    private Process agent(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("setsid", distribution.dist.resolve("bin/jujube-agent").toString()));
        command.addAll(List.of(args));
        Files.createDirectories(env.resolve("logs"));
        return new ProcessBuilder(command).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .redirectOutput(ProcessBuilder.Redirect.appendTo(env.resolve("logs").resolve(args[0] + ".log").toFile()))
                .start();
    }

    /** Waits for {@code up}, failing at once with the agent's log when its process ends. */
    private void awaitRunning(Process agent, String name, BooleanSupplier up) {
        POLLING.await(name + " up").atMost(UP)
                .failFast(name + " exited", () -> assertTrue(agent.isAlive(),
                        () -> name + " exited with " + agent.exitValue() + ": " + log(name)))
                .untilAsserted(() -> assertTrue(up, () -> "last seen: " + log(name)));
    }

    private String log(String agent) {
        try {
            Path file = env.resolve("logs").resolve(agent + ".log");
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            return e.toString();
        }
    }

}
