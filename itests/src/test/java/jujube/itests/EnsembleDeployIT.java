package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import jujube.state.ConnectionConfig;
import jujube.state.EnvironmentSettings;
import jujube.model.RelationInfo;
import jujube.state.StateConnection;
import jujube.state.curator.StateConnections;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Beyond one host, end to end: an environment whose {@code environment.yaml} names a 3-server ZooKeeper
 * ensemble ({@code zookeeper: host:port,...}), the real controller and machine agent against it, and the
 * operator's {@code jujube} commands. The ensemble's leader is killed (SIGKILL) while the example database
 * and blog deploy and relate; everything still converges, every hook having run exactly once.
 */
class EnsembleDeployIT {
    /** Polls every 50 ms; what the test's own threads throw meanwhile is not the awaited condition. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(50));

    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    private static final Duration UP = Duration.ofSeconds(45);
    private Path home;
    private ZooKeeperEnsemble ensemble;
    private Environment env;

    @BeforeEach
    void setUp() throws Exception {
        home = SCRATCH.make("jujube-ensdeploy");
        ensemble = new ZooKeeperEnsemble(home.resolve("zookeeper-ensemble"));
        ensemble.start();
        env = Environment.attach(home, "ens");
    }

    @AfterEach
    void tearDown() throws Exception {
        try {
            try {
                env.close();
            } finally {
                ensemble.close();
            }
        } finally {
            for (ProcessHandle p : Distribution.processesMentioning(home)) {
                p.destroyForcibly();
            }
        }
    }

    @Test
    void leader_killed_mid_deploy_with_a_relation_loses_no_hook() throws Exception {
        String connect = ensemble.connectString();
        Path dir = Files.createDirectories(env.dir());
        Files.writeString(dir.resolve("environment.yaml"),
                "name: ens\nprovider: local\nzookeeper: " + connect + "\nplacement: local\n");
        Administrator.create(dir);
        try (StateConnection state = StateConnections.open(Administrator.connection(connect, dir))) {
            state.awaitConnected(UP);
            state.initialize(new EnvironmentSettings("ens", "local", "local", "local-0"));
            Administrator.handOneTimeCredential(state, 0, dir.resolve("machines/machine-0"));
            AgentProcess controller = AgentProcess.start(dir, "controller", "controller", "--env-dir", dir.toString(),
                    "--zookeeper", connect);
            AgentProcess machine = AgentProcess.start(dir, "machine-0", "machine", "--machine-id", "0",
                    "--zookeeper", connect, "--data-dir", dir.resolve("machines/machine-0").toString(),
                    "--charm-storage", dir.resolve("charms").toString());
            controller.awaitUp(UP, () -> controller.log().contains("controller up in"));
            machine.awaitUp(UP, () -> agentConnected(state));

            // the operator goes on deploying and relating while mysql/0 installs and the leader dies
            CompletableFuture<Void> operator = CompletableFuture.runAsync(() -> {
                try {
                    env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:mysql");
                    env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:wordpress", "blog");
                    env.ok("add-relation", "blog", "mysql");
                } catch (Exception e) {
                    throw new CompletionException(e);
                }
            });
            POLLING.await("mysql/0 installing").atMost(UP)
                    .untilAsserted(() -> assertTrue(() -> env.hookLog("mysql/0").contains("install -") || operator.isDone(),
                            () -> "last seen: " + tail(machine.log())));
            int killed = ensemble.killLeader();
            String progress = "mysql/0 " + env.hookLog("mysql/0") + ", blog/0 " + env.hookLog("blog/0");
            operator.get(UP.toSeconds(), TimeUnit.SECONDS);

            awaitHookLine("blog/0", "db-relation-changed mysql/0 ready");
            awaitHookLine("mysql/0", "db-relation-changed blog/0 ready=true");
            POLLING.await("both units started").atMost(UP)
                    .untilAsserted(() -> assertTrue(() -> Map.of("mysql/0", "started", "blog/0", "started").equals(states()),
                            () -> "last seen: " + String.valueOf(states())));

            // the settings were exchanged through the ensemble, and the blog kept the database's credentials
            assertTrue(Files.readString(env.unitDir("blog/0").resolve("db.conf")).contains("user=blog"));
            assertEquals("true", settings(state, "blog/0").get("ready"));
            assertEquals("blog", settings(state, "mysql/0").get("user"));

            ensemble.restart(killed);
            assertTrue(ensemble.mode(killed).isPresent(), "server " + killed + " rejoined: " + ensemble.modes());
            try (StateConnection direct = StateConnections.open(Administrator.connection(ensemble.connectString(killed), dir))) {
                direct.awaitConnected(UP);
                assertEquals(Set.of("mysql/0", "blog/0"), direct.units().list().stream().map(UnitInfo::name)
                        .map(UnitName::toString).collect(Collectors.toSet()), "server " + killed + " caught up");
            }
            // checked after the restart, so that a hook run again late would have shown by now
            // (mysql's changed hook may rightly run twice: once after joined, once more when the blog's
            // ready=true arrives after that hook read the settings; the blog's "ready" line is written
            // only when its credentials change, so it is exactly once)
            String context = "(leader " + killed + " killed at " + progress + ")";
            assertExactlyOnce("mysql/0", context, "install -", "config-changed -", "start -",
                    "db-relation-joined blog/0 database=blog");
            assertExactlyOnce("blog/0", context, "install -", "config-changed - port=8080", "start - port=8080",
                    "db-relation-joined mysql/0", "db-relation-changed mysql/0 ready");
            assertTrue(controller.process().isAlive() && machine.process().isAlive(), "both agents outlived the leader");
        }
    }

    private void assertExactlyOnce(String unit, String context, String... lines) {
        List<String> log = env.hookLog(unit);
        for (String line : lines) {
            assertEquals(1, log.stream().filter(line::equals).count(), unit + " ran '" + line + "' once " + context + ": " + log);
        }
        assertTrue(log.indexOf("install -") < log.indexOf(lines[1]) && log.indexOf(lines[1]) < log.indexOf(lines[2]),
                unit + ": install, config-changed, start in order: " + log);
    }

    private void awaitHookLine(String unit, String line) {
        POLLING.await(unit + " hook.log line '" + line + "'").atMost(UP)
                .untilAsserted(() -> assertTrue(() -> env.hookLog(unit).contains(line),
                        () -> "last seen: " + env.hookLog(unit) + "\nmachine 0: " + tail(env.machineLog(0))));
    }

    static String tail(String log) {
        return log.length() > 3000 ? log.substring(log.length() - 3000) : log;
    }

    /** Units' agent states from {@code status}; empty while the CLI cannot reach a quorum. */
    private Map<String, String> states() {
        try {
            return env.unitStates();
        } catch (RuntimeException | AssertionError e) {
            return Map.of();
        }
    }

    private static boolean agentConnected(StateConnection state) {
        try {
            return state.machines().list().stream().anyMatch(m -> m.id() == 0 && m.agentConnected());
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static Map<String, Object> settings(StateConnection state, String unit) {
        UnitName name = UnitName.parse(unit);
        List<RelationInfo> relations = state.relations().ofService(name.service());
        assertEquals(1, relations.size(), unit + "'s relations " + relations);
        return state.relations().of(relations.get(0).id(), name).settings().values();
    }
}
