package jujube.cli.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;
import jujube.state.AgentBundle;
import jujube.state.AgentBundleSet;
import jujube.state.AgentBundlesReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The planner's table: each row is a picture of the agents' last reports against one distribution (machine
 * agents: jujube.hooks 3.4.1, jujube.process 1.1.0, jujube.unit 2.0.0; the controller: jujube.state 2.1.0) and
 * the plan it must give: each agent's line, as upgrade-agents prints it, and the steps in order. A bundle is
 * written {@code name version X}, X the one hex digit its sha256 repeats.
 */
class AgentUpgradePlannerTest {
    private static final AgentBundleSet MACHINE = set("1.1.0", "jujube.hooks 3.4.1 1", "jujube.process 1.1.0 2",
            "jujube.unit 2.0.0 3");
    private static final AgentBundleSet CONTROLLER = set("1.1.0", "jujube.state 2.1.0 4");
    private static final String[] OLD = {"jujube.hooks 3.4.0 a", "jujube.process 1.1.0 2", "jujube.unit 2.0.0 3"};

    static Stream<Picture> pictures() {
        return Stream.of(
                picture("every agent runs the distribution's jars: nothing to do")
                        .current(0).current(1).currentController()
                        .expect("machine 0: up to date", "machine 1: up to date", "controller: up to date")
                        .steps(),
                picture("a bundle of another version, one rebuilt under the same version, one new and one gone")
                        .machine(0, "jujube.hooks 3.4.0 a", "jujube.process 1.1.0 b", "jujube.old 1.0.0 c")
                        .currentController()
                        .expect("machine 0: jujube.hooks 3.4.0 -> 3.4.1, jujube.old 1.0.0 (removed),"
                                + " jujube.process 1.1.0 (rebuilt), jujube.unit 2.0.0 (new)", "controller: up to date")
                        .steps("canary: machine 0"),
                picture("the same jar is the same bundle, whatever the set's version says")
                        .machine(0, "1.0.0", MACHINE.bundles())
                        .currentController()
                        .expect("machine 0: up to date", "controller: up to date")
                        .steps(),
                picture("an agent that has not reported is left out and says why")
                        .silent(0).machine(1, OLD).currentController()
                        .expect("machine 0: left out: its agent has not reported its bundles",
                                "machine 1: jujube.hooks 3.4.0 -> 3.4.1", "controller: up to date")
                        .steps("canary: machine 1"),
                picture("nothing reported anywhere: nothing to do, everyone left out")
                        .silent(0).silent(1)
                        .expect("machine 0: left out: its agent has not reported its bundles",
                                "machine 1: left out: its agent has not reported its bundles",
                                "controller: left out: its agent has not reported its bundles")
                        .steps(),
                picture("one canary, the lowest-numbered machine that changes, then batches of five, the controller last")
                        .current(0).machine(1, OLD).machine(2, OLD).machine(3, OLD).machine(4, OLD).machine(5, OLD)
                        .machine(6, OLD).machine(7, OLD).machine(10, OLD).controller("jujube.state 2.0.0 5")
                        .expect("machine 0: up to date", "machine 1: jujube.hooks 3.4.0 -> 3.4.1",
                                "machine 2: jujube.hooks 3.4.0 -> 3.4.1", "machine 3: jujube.hooks 3.4.0 -> 3.4.1",
                                "machine 4: jujube.hooks 3.4.0 -> 3.4.1", "machine 5: jujube.hooks 3.4.0 -> 3.4.1",
                                "machine 6: jujube.hooks 3.4.0 -> 3.4.1", "machine 7: jujube.hooks 3.4.0 -> 3.4.1",
                                "machine 10: jujube.hooks 3.4.0 -> 3.4.1", "controller: jujube.state 2.0.0 -> 2.1.0")
                        .steps("canary: machine 1", "batch: machines 2, 3, 4, 5, 6", "batch: machines 7, 10", "controller"),
                picture("machines are ordered by number, not by name")
                        .machine(10, OLD).machine(9, OLD).machine(2, OLD).currentController()
                        .batch(1)
                        .expect("machine 2: jujube.hooks 3.4.0 -> 3.4.1", "machine 9: jujube.hooks 3.4.0 -> 3.4.1",
                                "machine 10: jujube.hooks 3.4.0 -> 3.4.1", "controller: up to date")
                        .steps("canary: machine 2", "batch: machine 9", "batch: machine 10"),
                picture("two canaries, then batches of two")
                        .machine(0, OLD).machine(1, OLD).machine(2, OLD).machine(3, OLD).machine(4, OLD).currentController()
                        .canary(2).batch(2)
                        .steps("canary: machines 0, 1", "batch: machines 2, 3", "batch: machine 4"),
                picture("no canary: batches from the start")
                        .machine(0, OLD).machine(1, OLD).machine(2, OLD).currentController()
                        .canary(0).batch(2)
                        .steps("batch: machines 0, 1", "batch: machine 2"),
                picture("more canaries than machines that change: all of them are canaries")
                        .machine(0, OLD).current(1).machine(2, OLD).currentController()
                        .canary(5)
                        .steps("canary: machines 0, 2"),
                picture("only the controller changes: it is the one step")
                        .current(0).controller("jujube.state 2.1.0 6")
                        .expect("machine 0: up to date", "controller: jujube.state 2.1.0 (rebuilt)")
                        .steps("controller"),
                picture("a controller that has not reported is left out; the machines go on")
                        .machine(0, OLD)
                        .expect("machine 0: jujube.hooks 3.4.0 -> 3.4.1",
                                "controller: left out: its agent has not reported its bundles")
                        .steps("canary: machine 0"),
                picture("an agent whose last upgrade failed is compared by what it runs again")
                        .report(0, AgentBundlesReport.FAILED, OLD).current(1).currentController()
                        .expect("machine 0: jujube.hooks 3.4.0 -> 3.4.1", "machine 1: up to date", "controller: up to date")
                        .steps("canary: machine 0"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pictures")
    void plans(Picture p) {
        AgentUpgradePlan plan = AgentUpgradePlanner.plan(MACHINE, CONTROLLER, p.machines, p.controller, p.canary, p.batch);
        if (p.lines != null) {
            assertEquals(p.lines, plan.agents().stream().map(AgentUpgradePlan.AgentPlan::line).toList(), "the plan's lines");
        }
        assertEquals(p.steps, plan.steps().stream().map(AgentUpgradePlan.Step::line).toList(), "the steps");
        assertEquals(p.steps.isEmpty(), plan.nothingToDo());
    }

    @Test
    void only_the_jars_some_agent_to_upgrade_lacks_are_published_each_once() {
        SortedMap<Integer, Optional<AgentBundlesReport>> machines = new TreeMap<>();
        machines.put(0, report(AgentBundlesReport.RUNNING, OLD));
        machines.put(1, report(AgentBundlesReport.RUNNING, "jujube.hooks 3.4.0 a", "jujube.process 1.0.0 9"));
        machines.put(2, Optional.empty());
        AgentUpgradePlan plan = AgentUpgradePlanner.plan(MACHINE, CONTROLLER, machines,
                report(AgentBundlesReport.RUNNING, "jujube.state 2.0.0 5"), 1, 5);
        assertEquals(List.of("jujube.hooks 3.4.1", "jujube.process 1.1.0", "jujube.state 2.1.0", "jujube.unit 2.0.0"),
                plan.toPublish().stream().map(AgentBundle::toString).toList());
    }

    @Test
    void a_negative_canary_or_an_empty_batch_is_no_plan() {
        assertThrows(IllegalArgumentException.class, () -> AgentUpgradePlanner.plan(MACHINE, CONTROLLER, new TreeMap<>(),
                Optional.empty(), -1, 5));
        assertThrows(IllegalArgumentException.class, () -> AgentUpgradePlanner.plan(MACHINE, CONTROLLER, new TreeMap<>(),
                Optional.empty(), 1, 0));
    }

    @Test
    void bundle_versions_read_as_the_framework_gives_them_back() {
        assertEquals("1.0.0", DistributionBundles.osgiVersion("1.0"));
        assertEquals("3.0.0.SNAPSHOT", DistributionBundles.osgiVersion(" 3.0.0.SNAPSHOT "));
        assertEquals("0.0.0", DistributionBundles.osgiVersion(null));
        assertEquals("2.1.7", DistributionBundles.osgiVersion("02.1.7"));
        assertEquals("one", DistributionBundles.osgiVersion("one"));
    }

    static AgentBundle bundle(String text) {
        String[] words = text.split(" ");
        return new AgentBundle(words[0], words[1], words[2].repeat(64), 1000);
    }

    static AgentBundleSet set(String version, String... bundles) {
        return new AgentBundleSet(version, Arrays.stream(bundles).map(AgentUpgradePlannerTest::bundle).toList());
    }

    static Optional<AgentBundlesReport> report(String state, String... bundles) {
        return Optional.of(new AgentBundlesReport(0, set("1.0.0", bundles), state, "", Instant.EPOCH));
    }

    static Picture picture(String description) {
        return new Picture(description);
    }

    static final class Picture {
        final String description;
        final SortedMap<Integer, Optional<AgentBundlesReport>> machines = new TreeMap<>();
        Optional<AgentBundlesReport> controller = Optional.empty();
        int canary = 1; // upgrade-agents's defaults
        int batch = 5;
        List<String> lines;
        List<String> steps = List.of();

        Picture(String description) {
            this.description = description;
        }

        Picture machine(int id, String... running) {
            return report(id, AgentBundlesReport.RUNNING, running);
        }

        Picture machine(int id, String version, List<AgentBundle> running) {
            machines.put(id, Optional.of(new AgentBundlesReport(3, new AgentBundleSet(version, running),
                    AgentBundlesReport.UPGRADED, "", Instant.EPOCH)));
            return this;
        }

        Picture report(int id, String state, String... running) {
            machines.put(id, AgentUpgradePlannerTest.report(state, running));
            return this;
        }

        Picture current(int id) {
            return machine(id, "1.1.0", MACHINE.bundles());
        }

        Picture silent(int id) {
            machines.put(id, Optional.empty());
            return this;
        }

        Picture controller(String... running) {
            controller = AgentUpgradePlannerTest.report(AgentBundlesReport.RUNNING, running);
            return this;
        }

        Picture currentController() {
            controller = Optional.of(new AgentBundlesReport(0, CONTROLLER, AgentBundlesReport.RUNNING, "", Instant.EPOCH));
            return this;
        }

        Picture canary(int n) {
            canary = n;
            return this;
        }

        Picture batch(int n) {
            batch = n;
            return this;
        }

        Picture expect(String... lines) {
            this.lines = List.of(lines);
            return this;
        }

        Picture steps(String... steps) {
            this.steps = new ArrayList<>(List.of(steps));
            return this;
        }

        @Override
        public String toString() {
            return description;
        }
    }
}
