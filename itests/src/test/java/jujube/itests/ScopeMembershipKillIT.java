package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import jujube.state.ConnectionConfig;
import jujube.state.EnvironmentSettings;
import jujube.state.StateConnection;
import jujube.state.curator.StateConnections;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 22: an agent restart must run no relation hook anywhere unless something really changed. Two
 * related units on two machines (placement {@code unassigned}) exchange a setting the operator changes in
 * rounds; in every round both machines' agents are killed with SIGKILL, each at its own random moment of the
 * hooks, and restarted by the provider (within 0.5 s: {@code --max-restart-delay}), 22 kills in all, with a 4 s session so that each killed session expires while
 * the test runs. After convergence and after every killed session expired, no unit ran a departed, each
 * committed one joined (counted in its own relation settings, which only a committed hook changes), and
 * each saw every value. Changed hooks are not counted exactly: a hook its own agent's kill cut short runs
 * again, so a duplicate line does not tell a replay from a spurious change (design debt of this test).
 */
class ScopeMembershipKillIT {
    /** Polls every 50 ms; what the test's own threads throw meanwhile is not the awaited condition. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(50));

    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    private static final int SESSION_MS = 4000;
    private static final int ROUNDS = 10;
    private static final Duration UP = Duration.ofSeconds(60);
    private static final String DB = "pingdb";
    private static final String APP = "pingapp";
    private Path home;
    private Environment env;

    @AfterEach
    void tearDown() throws Exception {
        try {
            if (env != null) {
                env.close();
            }
        } finally {
            if (home != null) {
                for (ProcessHandle p : Distribution.processesMentioning(home)) {
                    p.destroyForcibly();
                }
            }
        }
    }

    @Test
    void killed_agents_make_no_related_unit_run_a_hook() throws Exception {
        home = SCRATCH.make("jujube-scope");
        env = Environment.attach(home, "local");
        int port = freePort();
        Path dir = Files.createDirectories(env.dir());
        Files.writeString(dir.resolve("environment.yaml"), "name: local\nprovider: local\nzookeeper-port: " + port
                + "\nplacement: unassigned\n");
        Administrator.create(dir);
        // the controller gives its machines its own session timeout: a short one, so kills expire quickly; and
        // restarts them at most 0.5 s after a death (every kill here is of an agent a few seconds old)
        AgentProcess controller = AgentProcess.start(dir, "controller", "controller", "--env-dir", dir.toString(),
                "--zookeeper-port", Integer.toString(port), "--session-timeout", Integer.toString(SESSION_MS),
                "--max-restart-delay", "500");
        controller.awaitUp(UP, () -> controller.log().contains("controller up in"));
        try (StateConnection state = StateConnections.open(Administrator.connection("127.0.0.1:" + port, dir))) {
            state.awaitConnected(UP);
            state.initialize(new EnvironmentSettings("local", "local", "unassigned", ""));
        }
        TestCharms charms = new TestCharms(home.resolve("repository"));
        writeCharms(charms);
        String repo = charms.repository().toString();
        env.ok("deploy", "--repository", repo, "local:" + DB);
        env.ok("deploy", "--repository", repo, "local:" + APP);
        env.awaitUnits(Map.of(DB + "/0", "started", APP + "/0", "started"));
        Map<String, Integer> machineOf = new TreeMap<>();
        for (String unit : List.of(DB + "/0", APP + "/0")) {
            String service = unit.substring(0, unit.indexOf('/'));
            machineOf.put(unit, env.status().path("services").path(service).path("units").path(unit).path("machine").asInt());
        }
        assertTrue(!machineOf.get(DB + "/0").equals(machineOf.get(APP + "/0")), "one machine each: " + machineOf);

        Random random = new Random();
        Set<Long> killedSessions = new HashSet<>();
        try (RelationEvidence evidence = new RelationEvidence(env)) {
            env.ok("add-relation", APP, DB);
            int kills = 0;
            for (int round = 0; round <= ROUNDS; round++) {
                if (round > 0) {
                    env.ok("set", DB, "v=" + round);
                    env.ok("set", APP, "v=" + round);
                }
                // round 0 is the relation's establishment; each round kills both sides, each at a random moment
                Map<Integer, Long> killed = new TreeMap<>();
                for (String victim : random.nextBoolean() ? List.of(DB + "/0", APP + "/0") : List.of(APP + "/0", DB + "/0")) {
                    int machine = machineOf.get(victim);
                    int r = round;
                    POLLING.await("a hook of round " + r + " under way").atMost(UP)
                            .until(() -> !hookLog(machineOf, victim).isEmpty());
                    Thread.sleep(random.nextInt(1200)); // a random moment, not a wait for a condition
                    long pid = env.machinePid(machine);
                    long session = evidence.machineSession(machine);
                    // one handle: once killed, the process may be reaped before a second look-up finds it
                    ProcessHandle agent = ProcessHandle.of(pid).orElseThrow();
                    agent.destroyForcibly();
                    agent.onExit().get();
                    if (session != 0) { // 0: the restarted agent had no session yet (0 owns every persistent node)
                        killedSessions.add(session);
                    }
                    killed.put(machine, pid);
                    kills++;
                }
                for (Map.Entry<Integer, Long> k : killed.entrySet()) {
                    env.awaitMachineRestarted(k.getKey(), k.getValue());
                }
                awaitRound(evidence, machineOf, round);
            }
            assertTrue(kills >= 20, "killed " + kills + " times");

            POLLING.await("every killed session expired").atMost(UP).until(() -> evidence.noNodeOwnedBy(killedSessions));
            // one more change after the expiries: whatever they queued ran before its hooks did
            env.ok("set", DB, "v=final");
            env.ok("set", APP, "v=final");
            awaitValue(evidence, machineOf, "final");
            env.awaitUnits(Map.of(DB + "/0", "started", APP + "/0", "started"));

            for (String unit : machineOf.keySet()) {
                List<String> log = hookLog(machineOf, unit);
                Map<String, Object> committed = evidence.settings(unit);
                assertTrue(log.stream().noneMatch(l -> l.startsWith("departed")), unit + " departed: " + log);
                assertEquals(null, committed.get("departed"), unit + " committed a departed: " + committed);
                assertEquals("1", String.valueOf(committed.get("joined")), unit + " committed one joined: " + committed
                        + "\n" + log);
                String remote = unit.startsWith(DB) ? APP + "/0" : DB + "/0";
                assertTrue(log.stream().filter(l -> l.startsWith("joined ")).count() <= 2, unit + ": " + log);
                for (int round = 1; round <= ROUNDS; round++) {
                    assertTrue(log.contains("changed " + remote + " v=" + round), unit + " saw v=" + round + ": " + log);
                }
            }
        }
    }

    /** Waits until both units committed their hooks of the round: a later kill cannot run them again. */
    private void awaitRound(RelationEvidence evidence, Map<String, Integer> machineOf, int round) {
        if (round == 0) {
            for (String unit : machineOf.keySet()) {
                POLLING.await(unit + " committed joined and a changed").atMost(UP)
                        .untilAsserted(() -> assertTrue(() -> "1".equals(
                        String.valueOf(evidence.settings(unit).get("joined"))) && hookLog(machineOf, unit).stream()
                                .anyMatch(l -> l.startsWith("changed ")),
                                () -> "last seen: " + hookLog(machineOf, unit).toString()));
            }
            return;
        }
        awaitValue(evidence, machineOf, String.valueOf(round));
    }

    private void awaitValue(RelationEvidence evidence, Map<String, Integer> machineOf, String value) {
        for (String unit : machineOf.keySet()) {
            POLLING.await(unit + " committed changed for v=" + value).atMost(UP)
                    .untilAsserted(() -> assertTrue(() -> hookLog(machineOf, unit).contains("changed " + (unit.startsWith(DB) ? APP : DB) + "/0 v=" + value),
                            () -> "last seen: " + hookLog(machineOf, unit).toString()));
        }
    }

    private List<String> hookLog(Map<String, Integer> machineOf, String unit) {
        return Environment.lines(env.unitDir(machineOf.get(unit), unit).resolve("hook.log"));
    }

    private static long count(List<String> log, String line) {
        return log.stream().filter(line::equals).count();
    }

    /**
     * Both charms: config {@code v}, copied into the relation by config-changed; joined counts itself in
     * the unit's settings ({@code joined}: only a hook that succeeded and was flushed can); changed logs
     * the remote's {@code v}; departed marks itself, and must never
     * run here.
     */
    private static void writeCharms(TestCharms charms) throws Exception {
        Map<String, String> hooks = Map.of(
                "install", TestCharms.logs("install"),
                "start", TestCharms.logs("start"),
                "config-changed", String.join("\n",
                        "v=$(config-get v)",
                        "for r in $(relation-ids db); do relation-set -r \"$r\" \"v=$v\"; done"),
                "db-relation-joined", String.join("\n",
                        "sleep 0.3",
                        "count=$(relation-get joined \"$JUJU_UNIT_NAME\")",
                        "relation-set \"joined=$(( ${count:-0} + 1 ))\" \"v=$(config-get v)\"",
                        TestCharms.logs("joined")),
                "db-relation-changed", String.join("\n",
                        "sleep 0.2",
                        "v=$(relation-get v \"$JUJU_REMOTE_UNIT\")",
                        "echo \"changed $JUJU_REMOTE_UNIT v=$v\" >> \"$unit_dir/hook.log\""),
                "db-relation-departed", String.join("\n",
                        "relation-set departed=1",
                        TestCharms.logs("departed")));
        String config = "options:\n  v:\n    type: string\n    default: \"0\"\n    description: the value to share\n";
        Files.writeString(charms.write(DB, 1, "provides:\n  db: ping\n", hooks).resolve("config.yaml"), config);
        Files.writeString(charms.write(APP, 1, "requires:\n  db: ping\n", hooks).resolve("config.yaml"), config);
    }

    private static int freePort() throws java.io.IOException {
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress("127.0.0.1", 0));
            return s.getLocalPort();
        }
    }
}
