package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * {@code upgrade-agents} on three container machines running ten related units while their relation
 * changes without a pause: a changed {@code jujube.hooks} (its hook log line differs) goes to the canary
 * machine, then to the others in a batch, with nothing restarted (the machine agents' processes, which hold
 * the unit agents, keep their pids), no hook lost (every unit sees the last change) and none doubled (no
 * unit sees one change twice); then a bundle whose component cannot activate is undone on the canary and
 * stops the rollout, with its reason in status; then a machine agent killed in the middle of an update
 * comes back on the whole new set.
 */
@ResourceLock(ContainerMachines.LOCK)
class UpgradeAgentsIT {
    /** Polls every 100 ms; what the test's own threads throw meanwhile is not the awaited condition. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(100));
    private static final Duration CONVERGE = Duration.ofSeconds(180);
    private static final List<Integer> MACHINES = List.of(0, 1, 2);

    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();
    @AutoClose
    private Environment env;
    private Path home;

    @Test
    void a_changed_bundle_rolls_out_canary_first_and_a_broken_one_stops_on_the_canary() throws Exception {
        home = SCRATCH.make("jujube-upgrade");
        env = Environment.bootstrap(home, "upgrade", "--machines", "container", "--placement", "unassigned");
        deployTenRelatedUnits();
        Map<Integer, Long> pids = new HashMap<>();
        for (int m : MACHINES) {
            pids.put(m, env.machinePid(m));
        }
        Path dist = Path.of(System.getProperty("jujube.itest.dist"));

        // a jujube.hooks whose log line differs, rolled out while the relation changes
        Path hooks = home.resolve("jujube.hooks.jar");
        BundleJars.variant(dist.resolve("features/machine-agent/bundles/jujube.hooks.jar"), hooks, "99.0.1",
                Map.of("jujube/hooks/internal/ProcessHookInvoker.class", Map.of("hook={}: running", "hook={}: RUNNING")));
        Path fixed = DistributionVariants.variant(dist, home.resolve("dist-fixed"), "99.0.1", Map.of("jujube.hooks.jar", hooks));
        AtomicInteger seq = new AtomicInteger();
        Thread storm = storm(seq);
        String upgraded;
        try {
            upgraded = env.ok("upgrade-agents", "--dist", fixed.toString(), "--canary", "1", "--batch", "2");
        } finally {
            storm.interrupt();
            storm.join();
        }
        assertTrue(upgraded.contains("canary: machine 0\nmachine 0: upgraded to 99.0.1\nbatch: machines 1, 2\n"),
                "the canary first, then the others in a batch: " + upgraded);
        int last = seq.get();
        assertTrue(last >= 3, "the relation changed while the agents were upgraded: " + last + " changes");
        env.ok("set", "source", "seq=" + (last + 1));
        awaitEverySinkSees(last + 1);
        assertNothingDoubled();
        for (int m : MACHINES) {
            assertEquals(pids.get(m), env.machinePid(m), "machine " + m + "'s agent process was not restarted");
            int machine = m;
            POLLING.await("machine " + m + " runs the new hook runner").atMost(CONVERGE)
                    .until(() -> env.machineLog(machine).contains(": RUNNING"));
            assertEquals("99.0.1", env.status().path("machines").path(Integer.toString(m)).path("agent-version").asText());
        }

        // a new bundle that throws in its activation: undone on the canary, the rollout stopped there
        Path broken = ThrowingBundle.write(home.resolve(ThrowingBundle.NAME + ".jar"), "1.0.0");
        Path brokenDist = DistributionVariants.variant(dist, home.resolve("dist-broken"), "99.0.2",
                Map.of("jujube.hooks.jar", hooks, ThrowingBundle.NAME + ".jar", broken));
        Distribution.Run stopped = env.run("upgrade-agents", "--dist", brokenDist.toString(), "--canary", "1");
        assertEquals(1, stopped.exit(), stopped.out() + stopped.err());
        assertTrue(stopped.err().contains("machine 0") && stopped.err().contains("broken on purpose"), stopped.err());
        var canary = env.status().path("machines").path("0");
        assertEquals("99.0.1", canary.path("agent-version").asText(), "the canary runs its previous set again");
        assertTrue(canary.path("agent-upgrade").asText().contains("broken on purpose"), canary.toString());
        assertTrue(!Files.exists(env.machineDir(0).resolve("deploy/" + ThrowingBundle.NAME + ".jar")),
                "the bundle it brought is gone again");
        for (int m : List.of(1, 2)) {
            assertEquals("99.0.1", env.status().path("machines").path(Integer.toString(m)).path("agent-version").asText(),
                    "machine " + m + " was not touched");
        }
        env.ok("set", "source", "seq=" + (last + 2));
        awaitEverySinkSees(last + 2);
        for (int m : MACHINES) {
            assertEquals(pids.get(m), env.machinePid(m), "machine " + m + "'s agent process was not restarted");
        }
    }

    /** Two sources and eight sinks related, on machines 0 to 2; every sink has seen seq 0 from each source. */
    private void deployTenRelatedUnits() throws Exception {
        TestCharms charms = new TestCharms(home.resolve("repository"));
        Path source = charms.write("source", 1, "provides:\n  feed:\n    interface: feed\n", Map.of(
                "config-changed", String.join("\n", "seq=$(config-get seq)",
                        "echo \"config-changed $seq\" >> \"$unit_dir/hook.log\"",
                        "for r in $(relation-ids feed); do relation-set -r \"$r\" seq=\"$seq\"; done"),
                "feed-relation-joined", "relation-set seq=\"$(config-get seq)\""));
        Files.writeString(source.resolve("config.yaml"), "options:\n  seq:\n    type: int\n    default: 0\n"
                + "    description: what the source says\n");
        charms.write("sink", 1, "requires:\n  feed:\n    interface: feed\n", Map.of(
                "feed-relation-changed", "echo \"changed $JUJU_REMOTE_UNIT $(relation-get seq)\" >> \"$unit_dir/hook.log\""));
        for (int i = 1; i < MACHINES.size(); i++) {
            env.ok("add-machine");
        }
        String repository = charms.repository().toString();
        env.ok("deploy", "--repository", repository, "local:source", "--to", "0");
        env.ok("add-unit", "source", "--to", "1");
        env.ok("deploy", "--repository", repository, "local:sink", "--to", "0");
        env.ok("add-unit", "sink", "-n", "2", "--to", "0");
        env.ok("add-unit", "sink", "-n", "3", "--to", "1");
        env.ok("add-unit", "sink", "-n", "2", "--to", "2");
        env.ok("add-relation", "sink", "source");
        awaitEverySinkSees(0);
    }

    /** Changes the source's seq every 200 ms until interrupted; {@code seq} holds the last one set. */
    private Thread storm(AtomicInteger seq) {
        Thread t = new Thread(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    int next = seq.get() + 1;
                    env.ok("set", "source", "seq=" + next);
                    seq.set(next);
                    Thread.sleep(200);
                }
            } catch (InterruptedException e) {
                // the upgrade is over
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, "relation-storm");
        t.start();
        return t;
    }

    /** Whether a hook.log line is of a change the storm made (a seq of 1 or more). */
    private static boolean fromStorm(String line) {
        String seq = line.substring(line.lastIndexOf(' ') + 1);
        return seq.matches("[1-9][0-9]*");
    }

    private List<String> sinks() {
        List<String> sinks = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            sinks.add("sink/" + i);
        }
        return sinks;
    }

    private void awaitEverySinkSees(int value) {
        for (String sink : sinks()) {
            int machine = env.status().path("services").path("sink").path("units").path(sink).path("machine").asInt();
            for (String source : List.of("source/0", "source/1")) {
                POLLING.await(sink + " sees " + source + " at " + value).atMost(CONVERGE)
                        .until(() -> Environment.lines(env.unitDir(machine, sink).resolve("hook.log"))
                                .contains("changed " + source + " " + value));
            }
        }
    }

    /**
     * No unit ran a hook twice for one change of the storm (seq 1 on, each set once): each seq once per
     * source in each sink, and once in each source. The handshake before (seq 0, or none yet) may repeat.
     */
    private void assertNothingDoubled() {
        for (String sink : sinks()) {
            int machine = env.status().path("services").path("sink").path("units").path(sink).path("machine").asInt();
            List<String> log = Environment.lines(env.unitDir(machine, sink).resolve("hook.log"));
            Set<String> seen = new HashSet<>();
            for (String line : log) {
                assertTrue(!fromStorm(line) || seen.add(line), sink + " ran one change twice: '" + line + "' in " + log);
            }
        }
        for (String source : List.of("source/0", "source/1")) {
            int machine = env.status().path("services").path("source").path("units").path(source).path("machine").asInt();
            List<String> log = Environment.lines(env.unitDir(machine, source).resolve("hook.log"));
            Set<String> seen = new HashSet<>();
            for (String line : log) {
                assertTrue(!fromStorm(line) || seen.add(line), source + " ran one change twice: '" + line + "' in " + log);
            }
        }
    }
}
