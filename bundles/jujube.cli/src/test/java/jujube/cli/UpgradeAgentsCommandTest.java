package jujube.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import jujube.cli.FakeAgents.Behaviour;
import jujube.state.AgentBundle;
import jujube.state.AgentBundles;
import jujube.state.AgentBundlesReport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * upgrade-agents against a real ZooKeeper, the test playing the agents ({@link FakeAgents}): machines 0, 1 and
 * 2 and the controller run distribution 1.0.0 and are upgraded to 1.1.0, where jujube.hooks has a new version,
 * jujube.process was rebuilt and the controller's jujube.state has a new version.
 */
class UpgradeAgentsCommandTest extends CliFixture {
    private static final String REASON = "jujube.hooks did not start: its component is unsatisfied";
    private FakeDistribution old;
    private FakeDistribution next;
    private FakeAgents agents;

    @BeforeEach
    void distributionsAndAgents() throws IOException {
        old = new FakeDistribution(home.resolve("dist-1.0.0"), "1.0.0").machine("jujube.hooks", "3.4.0", "hooks 3.4.0")
                .machine("jujube.process", "1.1.0", "process").controller("jujube.state", "2.0.0", "state 2.0.0");
        next = new FakeDistribution(home.resolve("dist-1.1.0"), "1.1.0").machine("jujube.hooks", "3.4.1", "hooks 3.4.1")
                .machine("jujube.process", "1.1.0", "process, rebuilt").controller("jujube.state", "2.1.0", "state 2.1.0");
        state.machines().add();
        state.machines().add();
        agents = new FakeAgents(state);
    }

    @AfterEach
    void stopAgents() throws InterruptedException {
        agents.close();
        System.clearProperty("jujube.dist");
    }

    private void startAgents(String... machines) {
        for (String machine : machines) {
            agents.start(machine, old.machineSet());
        }
        agents.start(AgentBundles.CONTROLLER, old.controllerSet());
    }

    private Result upgrade(String... options) {
        List<String> args = new java.util.ArrayList<>(List.of("--dist", next.dir.toString()));
        args.addAll(List.of(options));
        return run("upgrade-agents", args.toArray(String[]::new));
    }

    private static final String PLAN = """
            distribution DIST, version 1.1.0:
            machine 0: jujube.hooks 3.4.0 -> 3.4.1, jujube.process 1.1.0 (rebuilt)
            machine 1: jujube.hooks 3.4.0 -> 3.4.1, jujube.process 1.1.0 (rebuilt)
            machine 2: jujube.hooks 3.4.0 -> 3.4.1, jujube.process 1.1.0 (rebuilt)
            controller: jujube.state 2.0.0 -> 2.1.0
            """;

    @Test
    void a_dry_run_changes_nothing_then_the_canary_the_batches_and_the_controller_are_upgraded_in_turn() throws Exception {
        startAgents("machine-0", "machine-1", "machine-2");
        Map<String, String> before = snapshot();
        Result dry = upgrade("--dry-run").assertOk();
        assertEquals(PLAN.replace("DIST", next.dir.toString())
                + "would upgrade: canary: machine 0; batch: machines 1, 2; controller\ndry run: nothing was changed\n", dry.out());
        assertEquals("", dry.err(), "no warning outside a distribution");
        assertEquals(before, snapshot(), "a dry run writes nothing");

        Result r = upgrade("--batch", "1").assertOk();
        long bytes = next.machineSet().bundles().stream().mapToLong(AgentBundle::size).sum()
                + next.controllerSet().bundles().stream().mapToLong(AgentBundle::size).sum();
        assertEquals(PLAN.replace("DIST", next.dir.toString()) + "sent 3 bundles (" + bytes + " bytes)\n" + """
                rollout generation 1
                canary: machine 0
                machine 0: upgraded to 1.1.0
                batch: machine 1
                machine 1: upgraded to 1.1.0
                batch: machine 2
                machine 2: upgraded to 1.1.0
                controller
                controller: upgraded to 1.1.0
                upgrade to 1.1.0 complete: 4 agents upgraded
                """, r.out());
        assertEquals(List.of("machine-0@1", "machine-1@1", "machine-2@1", "controller@1"), agents.asked, "in turn");
        for (String machine : List.of("machine-0", "machine-1", "machine-2")) {
            assertEquals(next.machineSet(), report(machine).running());
            assertTrue(report(machine).answered(1), machine);
        }
        assertEquals(next.controllerSet(), report(AgentBundles.CONTROLLER).running());
        assertEquals("complete", state.agentBundles().rollout().orElseThrow().get("state"));

        String again = upgrade().assertOk().out();
        assertTrue(again.endsWith("controller: up to date\nevery agent runs 1.1.0 already: nothing to upgrade\n"), again);
        assertEquals(4, agents.asked.size(), "nobody asked again");
    }

    @Test
    void a_failed_canary_stops_the_rollout_before_anyone_else_is_asked_and_resume_retries_it_first() {
        startAgents("machine-0", "machine-1", "machine-2");
        agents.behave("machine-0", Behaviour.FAIL);
        Result r = upgrade();
        String stopped = "upgrade stopped: machine 0 failed: " + REASON;
        assertEquals("jujube: " + stopped + "; it runs its previous bundles again; 'upgrade-agents --resume' retries it"
                + " and goes on, '--rollback' puts back the agents already upgraded", r.assertFailure());
        assertTrue(r.out().endsWith("canary: machine 0\nmachine 0: failed: " + REASON + "\n"), r.out());
        assertEquals(List.of("machine-0@1"), agents.asked);
        for (String other : List.of("machine-1", "machine-2", AgentBundles.CONTROLLER)) {
            assertEquals(Optional.empty(), state.agentBundles().target(other), other + " was asked nothing");
        }
        assertEquals("stopped", state.agentBundles().rollout().orElseThrow().get("state"));
        assertEquals("jujube: the upgrade to 1.1.0 (generation 1) is unfinished (" + stopped + "): 'upgrade-agents --resume'"
                + " goes on with it, '--rollback' puts back the agents it upgraded", upgrade().assertFailure());
        assertEquals(2, run("upgrade-agents", "--resume", "--dist", next.dir.toString()).code(), "a resume has its plan");

        agents.behave("machine-0", Behaviour.UPGRADE);
        Result resumed = run("upgrade-agents", "--resume").assertOk();
        assertTrue(resumed.out().startsWith("retry: machine 0\nmachine 0: upgraded to 1.1.0\nbatch: machines 1, 2\n"),
                resumed.out());
        assertTrue(resumed.out().endsWith("controller\ncontroller: upgraded to 1.1.0\nupgrade to 1.1.0 complete: 4 agents"
                + " upgraded\n"), resumed.out());
        assertEquals(List.of("machine-0@1", "machine-0@2"), agents.asked.subList(0, 2));
        assertEquals(Set.of("machine-1@2", "machine-2@2"), Set.copyOf(agents.asked.subList(2, 4)));
        assertEquals("controller@2", agents.asked.get(4));
        assertEquals(next.machineSet(), report("machine-0").running());

        assertEquals("jujube: upgrade-agents --resume: the upgrade to 1.1.0 (generation 2) is complete: nothing to resume",
                run("upgrade-agents", "--resume").assertFailure());
        assertEquals("jujube: upgrade-agents --rollback: the upgrade to 1.1.0 (generation 2) is complete: nothing to roll back"
                + " (upgrade-agents --dist with the previous distribution goes back)", run("upgrade-agents", "--rollback").assertFailure());
    }

    @Test
    void a_rollout_whose_command_line_was_killed_mid_step_is_resumed_from_its_record() throws Exception {
        startAgents("machine-0", "machine-1", "machine-2");
        agents.behave("machine-1", Behaviour.SILENT);
        java.util.concurrent.atomic.AtomicReference<Result> killed = new java.util.concurrent.atomic.AtomicReference<>();
        Thread cli = new Thread(() -> killed.set(upgrade("--batch", "2")), "jujube-test-upgrade-agents");
        cli.start();
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(20)).until(() -> agents.asked.contains("machine-1@1")
                && agents.asked.contains("machine-2@1"));
        cli.interrupt(); // what a kill leaves: the record as the last step began, nothing said of its end
        cli.join(20_000);
        assertEquals(1, killed.get().code(), killed.get().err());
        Map<String, Object> record = state.agentBundles().rollout().orElseThrow();
        assertEquals("running", record.get("state"));

        agents.behave("machine-1", Behaviour.UPGRADE);
        Result resumed = run("upgrade-agents", "--resume").assertOk();
        assertTrue(resumed.out().startsWith("batch: machines 1, 2\n") || resumed.out().startsWith("batch: machine 1\n"),
                resumed.out());
        assertTrue(!agents.asked.contains("machine-0@2"), "the canary was done: " + agents.asked);
        assertTrue(agents.asked.contains("machine-1@2"), agents.asked.toString());
        for (String machine : List.of("machine-0", "machine-1", "machine-2")) {
            assertEquals(next.machineSet(), report(machine).running(), machine);
        }
        assertEquals("complete", state.agentBundles().rollout().orElseThrow().get("state"));
    }

    @Test
    void rollback_puts_back_the_previous_bundles_of_the_agents_already_upgraded() {
        startAgents("machine-0", "machine-1", "machine-2");
        agents.behave("machine-1", Behaviour.FAIL);
        assertEquals("jujube: upgrade stopped: machine 1 failed: " + REASON + "; it runs its previous bundles again;"
                + " 'upgrade-agents --resume' retries it and goes on, '--rollback' puts back the agents already upgraded",
                upgrade("--batch", "2").assertFailure());
        assertEquals(next.machineSet(), report("machine-2").running(), "upgraded beside machine 1, in its batch");

        Result back = run("upgrade-agents", "--rollback").assertOk();
        List<String> lines = back.out().lines().toList();
        assertEquals("rollback: machine 0, machine 2", lines.get(0));
        assertEquals(Set.of("machine 0: back on 1.0.0", "machine 2: back on 1.0.0"), Set.copyOf(lines.subList(1, 3)));
        assertEquals("the upgrade to 1.1.0 (generation 2) was rolled back: 3 agents run their previous bundles", lines.get(3));
        for (String machine : List.of("machine-0", "machine-1", "machine-2")) {
            assertEquals(old.machineSet(), report(machine).running(), machine);
        }
        assertTrue(!agents.asked.contains("machine-1@2"), "machine 1 runs its previous bundles: not asked");
        assertEquals(Optional.empty(), state.agentBundles().target(AgentBundles.CONTROLLER));
        assertEquals("rolled-back", state.agentBundles().rollout().orElseThrow().get("state"));
        assertEquals("jujube: upgrade-agents --resume: the upgrade to 1.1.0 (generation 2) was rolled back: nothing to resume"
                + " (upgrade-agents starts a new one)", run("upgrade-agents", "--resume").assertFailure());
        assertTrue(upgrade("--dry-run").assertOk().out().contains("would upgrade: canary: machine 0"), "a new one may start");
    }

    @Test
    void an_agent_that_does_not_answer_within_the_timeout_stops_the_rollout() {
        startAgents("machine-0", "machine-1");
        agents.behave("machine-0", Behaviour.SILENT);
        assertEquals("jujube: upgrade stopped: machine 0 did not answer within 1s (its last report answers generation 0);"
                + " 'upgrade-agents --resume' retries it and goes on, '--rollback' puts back the agents already upgraded",
                upgrade("--timeout", "1s").assertFailure());
        assertEquals(Optional.empty(), state.agentBundles().target("machine-1"));
    }

    @Test
    void a_machine_whose_agent_has_not_reported_is_left_out_and_the_others_go_on() {
        startAgents("machine-0", "machine-2");
        String out = upgrade("--canary", "0").assertOk().out();
        assertTrue(out.contains("\nmachine 1: left out: its agent has not reported its bundles\n"), out);
        assertTrue(out.contains("\nbatch: machines 0, 2\n"), out);
        assertEquals(Optional.empty(), state.agentBundles().target("machine-1"));
        assertTrue(upgrade().assertOk().out().endsWith("every agent that reported runs 1.1.0 already: nothing to upgrade\n"));
    }

    @Test
    void a_dry_run_and_status_warn_when_this_jujube_is_another_version_than_the_environment() {
        startAgents("machine-0");
        System.setProperty("jujube.dist", next.dir.toString()); // this jujube: the new distribution, the default --dist
        String warning = "warning: this jujube is 1.1.0, the environment runs 1.0.0; 'jujube upgrade-agents' upgrades it\n";
        Result dry = run("upgrade-agents", "--dry-run").assertOk();
        assertEquals(warning, dry.err());
        assertTrue(dry.out().startsWith("distribution " + next.dir + ", version 1.1.0:\n"), dry.out());
        assertEquals(warning, run("status").assertOk().err());
        run("upgrade-agents").assertOk();
        assertEquals("", run("status").assertOk().err(), "the same version: no warning");
    }

    @Test
    void bad_options_distributions_and_bundles_are_refused_in_one_line_changing_nothing() throws Exception {
        startAgents("machine-0");
        Map<String, String> before = snapshot();
        assertEquals("jujube: /nonexistent is not a jujube distribution (no features/machine-agent/bundles)",
                run("upgrade-agents", "--dist", "/nonexistent").assertFailure());
        assertEquals("jujube: upgrade-agents --resume: there is no upgrade to resume", run("upgrade-agents", "--resume").assertFailure());
        assertEquals("jujube: upgrade-agents --rollback: there is no upgrade to roll back",
                run("upgrade-agents", "--rollback").assertFailure());
        for (String[] usage : new String[][] {{"--canary", "-1"}, {"--batch", "0"}, {"--timeout", "0"}, {"--resume", "--rollback"}}) {
            Result r = upgrade(usage);
            assertEquals(2, r.code(), String.join(" ", usage) + ": " + r.err());
            assertTrue(r.err().startsWith(switch (usage[0]) {
                case "--canary" -> "jujube: --canary must be at least 0, got -1\n";
                case "--batch" -> "jujube: --batch must be at least 1, got 0\n";
                case "--timeout" -> "jujube: --timeout must be a positive duration";
                default -> "jujube: --resume and --rollback: one or the other\n";
            }), r.err());
        }

        Path notABundle = next.bundles("machine-agent").resolve("jujube.broken.jar");
        Files.writeString(notABundle, "not a zip");
        assertTrue(upgrade().assertFailure().startsWith("jujube: " + notABundle + " is not a bundle (not a jar: "));
        FakeDistribution.jar(notABundle, "jujube.broken", "1.0.0", "x");
        rewriteWithoutSymbolicName(notABundle);
        assertEquals("jujube: " + notABundle + " is not a bundle (no Bundle-SymbolicName in its manifest)",
                upgrade().assertFailure());
        Files.delete(notABundle);
        Path huge = next.bundles("controller").resolve("jujube.huge.jar");
        stored(huge, "jujube.huge", AgentBundles.MAX_BUNDLE_BYTES + 1);
        assertEquals("jujube: " + huge + " is " + Files.size(huge) + " bytes, larger than the " + AgentBundles.MAX_BUNDLE_BYTES
                + " bytes an agent's bundle may be", upgrade().assertFailure());
        Files.delete(huge);
        Files.writeString(next.dir.resolve("lib/dist.properties"), "version=1.1.0 beta\n");
        assertEquals("jujube: " + next.dir.resolve("lib/dist.properties") + ": version '1.1.0 beta' is not a version such as"
                + " 1.1.0", upgrade().assertFailure());
        assertEquals(before, snapshot(), "nothing was written");
    }

    private AgentBundlesReport report(String agent) {
        return state.agentBundles().report(agent).orElseThrow();
    }

    private static void rewriteWithoutSymbolicName(Path jar) throws IOException {
        try (java.util.jar.JarOutputStream out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar),
                new java.util.jar.Manifest())) {
            out.putNextEntry(new java.util.jar.JarEntry("content.txt"));
            out.write(1);
        }
    }

    /** A bundle whose one entry is stored, not compressed: a jar of at least {@code bytes} bytes. */
    private static void stored(Path jar, String name, long bytes) throws IOException {
        java.util.jar.Manifest manifest = new java.util.jar.Manifest();
        manifest.getMainAttributes().put(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Bundle-SymbolicName", name);
        byte[] zeros = new byte[(int) bytes];
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(zeros);
        try (java.util.jar.JarOutputStream out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar), manifest)) {
            java.util.jar.JarEntry e = new java.util.jar.JarEntry("zeros");
            e.setMethod(java.util.zip.ZipEntry.STORED);
            e.setSize(zeros.length);
            e.setCrc(crc.getValue());
            out.putNextEntry(e);
            out.write(zeros);
        }
    }
}
