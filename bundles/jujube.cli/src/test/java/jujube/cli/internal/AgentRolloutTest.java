package jujube.cli.internal;

import static jujube.cli.internal.AgentUpgradePlannerTest.report;
import static jujube.cli.internal.AgentUpgradePlannerTest.set;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import jujube.cli.CliException;
import jujube.cli.internal.AgentRollout.Outcome;
import jujube.cli.internal.AgentRollout.State;
import jujube.state.AgentBundleSet;
import jujube.state.AgentBundlesReport;
import org.junit.jupiter.api.Test;

/** The rollout's record: what it keeps of a plan, how it reads back, what is left to do, what it refuses. */
class AgentRolloutTest {
    private static final AgentBundleSet MACHINE = set("1.1.0", "jujube.hooks 3.4.1 1");
    private static final AgentBundleSet CONTROLLER = set("1.1.0", "jujube.state 2.1.0 4");

    private static AgentRollout rollout() {
        SortedMap<Integer, Optional<AgentBundlesReport>> machines = new TreeMap<>();
        for (int i = 0; i < 4; i++) {
            machines.put(i, report(AgentBundlesReport.RUNNING, "jujube.hooks 3.4.0 a"));
        }
        machines.put(4, report(AgentBundlesReport.RUNNING, "jujube.hooks 3.3.0 b"));
        AgentUpgradePlan plan = AgentUpgradePlanner.plan(MACHINE, CONTROLLER, machines,
                report(AgentBundlesReport.RUNNING, "jujube.state 2.0.0 5"), 1, 2);
        return AgentRollout.start(7, "1.1.0", plan);
    }

    @Test
    void each_distinct_set_is_kept_once_and_the_record_reads_back_as_written() {
        AgentRollout r = rollout();
        assertEquals(5, r.sets().size(), "two previous machine sets, the machines' target, the controller's two");
        assertEquals(List.of("machine-0", "machine-1", "machine-2", "machine-3", "machine-4", "controller"),
                r.agents().stream().map(AgentRollout.Agent::name).toList());
        assertEquals(List.of(0, 1, 1, 2, 2, 3), r.agents().stream().map(AgentRollout.Agent::step).toList());
        assertEquals(set("1.0.0", "jujube.hooks 3.3.0 b"), r.previous("machine-4"));
        AgentRollout changed = r.with("machine-1", a -> a.with(Outcome.FAILED, 7, "failed: no"))
                .with(State.STOPPED, "upgrade stopped: machine 1 failed: no");
        assertEquals(changed, AgentRollout.fromMap(changed.toMap()));
    }

    @Test
    void what_remains_is_the_failed_agents_alone_first_then_the_pending_ones_in_their_steps() {
        AgentRollout r = rollout().with("machine-0", a -> a.with(Outcome.UPGRADED, 7, ""))
                .with("machine-1", a -> a.with(Outcome.UPGRADED, 7, ""))
                .with("machine-2", a -> a.with(Outcome.FAILED, 7, "failed: no"));
        assertEquals(List.of("retry: machine 2", "batch: machines 3, 4", "controller"),
                r.remainingSteps().stream().map(AgentUpgradePlan.Step::line).toList());
    }

    @Test
    void a_record_of_another_format_or_with_a_bad_field_is_refused_saying_what_is_wrong() {
        Map<String, Object> later = new LinkedHashMap<>(rollout().toMap());
        later.put("format", 2);
        CliException e = assertThrows(CliException.class, () -> AgentRollout.fromMap(later));
        assertEquals("the stored rollout (/upgrade) is not one this jujube reads: format 2 is not 1", e.getMessage());
        Map<String, Object> bad = new LinkedHashMap<>(rollout().toMap());
        bad.put("state", "sideways");
        assertThrows(CliException.class, () -> AgentRollout.fromMap(bad));
        Map<String, Object> noGeneration = new LinkedHashMap<>(rollout().toMap());
        noGeneration.remove("generation");
        assertTrue(assertThrows(CliException.class, () -> AgentRollout.fromMap(noGeneration)).getMessage()
                .endsWith("generation: not a whole number: null"));
    }
}
