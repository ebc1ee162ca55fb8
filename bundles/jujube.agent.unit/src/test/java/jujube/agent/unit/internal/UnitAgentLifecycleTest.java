package jujube.agent.unit.internal;

import static jujube.agent.unit.internal.UnitAgentFixture.UNIT;
import static jujube.agent.unit.internal.UnitAgentFixture.awaitQuiet;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import jujube.model.ResolvedMode;
import jujube.model.UnitFlags;
import jujube.testkit.Polling;
import jujube.workflow.WorkflowState;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.Test;

/** The unit lifecycle end to end: real ZooKeeper, real hook processes, real files. */
class UnitAgentLifecycleTest extends UnitAgentTestBase {
    /** Waits for what the unit agent does in its own threads: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10)).atMost(Duration.ofSeconds(20));

    @Test
    void a_new_unit_installs_configures_and_starts_then_starts_its_relations() throws IOException {
        UnitAgentRuntime agent = fx.startAgent(0);
        POLLING.await("started").until(() -> "started".equals(agent.workflowState()));
        awaitQuiet(agent);

        assertEquals(List.of("install", "config-changed", "start"), fx.hookLog());
        assertEquals("started", fx.storedState().state());
        assertEquals(null, fx.storedState().inFlight());
        assertEquals("started", fx.replicatedState());
        assertEquals(List.of("start(true)"), fx.relations.calls());
        POLLING.await("presence").until(agent::isConnected);
    }

    @Test
    void a_restarted_agent_fires_no_hook_again_and_resumes_its_relations_without_moving_them() throws IOException {
        startedThenStopped();
        assertEquals(List.of("start(true)", "stop(false)", "close"), fx.relations.calls(), "a clean stop moves nothing");
        assertEquals("started", fx.storedState().state());
        fx.relations.clear();

        UnitAgentRuntime second = fx.startAgent(0);
        awaitQuiet(second);

        assertEquals(List.of("install", "config-changed", "start"), fx.hookLog());
        assertEquals(List.of("start(false)"), fx.relations.calls());
        assertEquals("started", second.workflowState());
    }

    @Test
    void a_restarted_agent_removes_the_temp_files_of_writes_a_kill_interrupted_but_not_fresh_ones() throws IOException {
        startedThenStopped();
        // what kill -9 between creating a temp file and renaming it leaves, an hour ago and just now
        Path state = fx.unitDir.resolve("state");
        Path stale = Files.writeString(state.resolve(".unit.json.123456.tmp"), "{\"vers");
        Files.setLastModifiedTime(stale,
                FileTime.from(Instant.now().minus(Duration.ofHours(1))));
        Path fresh = Files.writeString(state.resolve(".unit.json.654321.tmp"), "{");

        UnitAgentRuntime second = fx.startAgent(0);
        awaitQuiet(second);

        assertFalse(Files.exists(stale), "a temp file older than a minute is removed");
        assertTrue(Files.exists(fresh), "a fresh one may be another instance's write in flight");
        assertEquals("started", second.workflowState());
    }

    @Test
    void a_failing_install_errors_at_once_and_resolved_with_retry_runs_it_again() throws IOException {
        fx.failHook("install", true);
        UnitAgentRuntime agent = fx.startAgent(1);
        POLLING.await("install_error").until(() -> "install_error".equals(fx.replicatedState()));
        awaitQuiet(agent);
        assertEquals(List.of("install"), fx.hookLog(), "no retry before the error state");
        WorkflowState stored = fx.storedState();
        assertEquals("install_error", stored.state());
        assertTrue(stored.vars().get(WorkflowState.ERROR_MESSAGE).contains("install"), stored.vars().toString());
        assertEquals(List.of(), fx.relations.calls(), "no relations in an error state");

        fx.failHook("install", false);
        fx.state.units().setResolved(UNIT, ResolvedMode.RETRY_HOOK);

        POLLING.await("started").until(() -> "started".equals(agent.workflowState()));
        POLLING.await("flag cleared").until(() -> fx.state.units().flags(UNIT).resolved().isEmpty());
        assertEquals(List.of("install", "install", "config-changed", "start"), fx.hookLog());
        assertEquals(List.of("start(true)"), fx.relations.calls());
    }

    @Test
    void resolved_without_retry_moves_on_without_the_failed_hook() throws IOException {
        fx.failHook("install", true);
        UnitAgentRuntime agent = fx.startAgent(0);
        POLLING.await("install_error").until(() -> "install_error".equals(fx.replicatedState()));

        fx.state.units().setResolved(UNIT, ResolvedMode.NO_HOOK);

        POLLING.await("started").until(() -> "started".equals(fx.replicatedState()));
        POLLING.await("flag cleared").until(() -> fx.state.units().flags(UNIT).resolved().isEmpty());
        assertEquals(List.of("install", "config-changed", "start"), fx.hookLog());
        assertEquals("started", agent.workflowState());
    }

    @Test
    void a_config_change_while_started_runs_config_changed() throws IOException {
        UnitAgentRuntime agent = fx.startAgent(0);
        POLLING.await("started").until(() -> "started".equals(agent.workflowState()));
        awaitQuiet(agent);

        fx.state.services().updateConfig("blog", Map.of("title", "Another blog"));

        POLLING.await("config-changed").until(() -> count(fx, "config-changed") == 2);
        assertEquals(List.of("install", "config-changed", "start", "config-changed"), fx.hookLog());
        assertEquals("started", fx.storedState().state());
    }

    @Test
    void a_config_change_in_an_error_state_is_applied_once_resolved() throws IOException {
        UnitAgentRuntime agent = fx.startAgent(0);
        POLLING.await("started").until(() -> "started".equals(agent.workflowState()));
        awaitQuiet(agent);
        fx.failHook("config-changed", true);
        fx.state.services().updateConfig("blog", Map.of("title", "first"));
        POLLING.await("configure_error").until(() -> "configure_error".equals(fx.replicatedState()));
        assertEquals(List.of("start(true)", "stop(true)"), fx.relations.calls(), "relations go down in the error");
        long before = agent.reconciliations();

        fx.failHook("config-changed", false);
        fx.state.services().updateConfig("blog", Map.of("title", "second"));
        POLLING.await("change seen").until(() -> agent.reconciliations() > before);
        assertEquals(2, count(fx, "config-changed"), "no hook while in an error state");

        fx.state.units().setResolved(UNIT, ResolvedMode.NO_HOOK);

        POLLING.await("pending config applied").until(() -> count(fx, "config-changed") == 3);
        POLLING.await("started").until(() -> "started".equals(fx.replicatedState()));
        assertEquals(List.of("start(true)", "stop(true)", "start(true)"), fx.relations.calls());
    }

    @Test
    void retiring_departs_the_relations_then_runs_the_stop_hook_and_leaves_the_marker() throws IOException {
        UnitAgentRuntime agent = fx.startAgent(0);
        POLLING.await("started").until(() -> "started".equals(agent.workflowState()));
        awaitQuiet(agent);
        List<List<String>> hooksAtDeparture = new java.util.concurrent.CopyOnWriteArrayList<>();
        fx.relations.onDepartAll(() -> hooksAtDeparture.add(fx.hookLog()));

        agent.retire();

        POLLING.await("retired").until(agent::isRetired);
        assertEquals(List.of(List.of("install", "config-changed", "start")), hooksAtDeparture,
                "the relations depart (-departed, -broken) before the stop hook");
        assertEquals(List.of("install", "config-changed", "start", "stop"), fx.hookLog());
        assertTrue(Files.exists(fx.unitDir.resolve("state").resolve("retired")));
        assertEquals("stopped", fx.storedState().state());
        assertEquals(List.of("start(true)", "departAll", "close"), fx.relations.calls());
    }

    @Test
    void a_unit_removed_while_its_agent_was_down_still_runs_its_stop_hook_when_retired() throws IOException {
        startedThenStopped();
        // remove-unit while the machine agent is down: the unit's node is gone when its agent restarts
        fx.state.units().remove(UNIT);

        UnitAgentRuntime second = fx.startAgent(0);
        second.retire();

        POLLING.await("retired").until(second::isRetired);
        assertEquals(List.of("install", "config-changed", "start", "stop"), fx.hookLog());
        assertEquals("stopped", fx.storedState().state());
    }

    @Test
    void an_agent_started_after_its_retired_unit_was_removed_makes_nothing_again() throws IOException {
        startedThenStopped();
        fx.state.units().remove(UNIT);
        UnitAgentRuntime retiring = fx.startAgent(0);
        retiring.retire();
        POLLING.await("retired").until(retiring::isRetired);
        retiring.close();
        // the machine agent removes the unit's directory; a deployment it removed before reaches the
        // framework as a unit agent started once more (a kill -9 between the two removals)
        jujube.files.FileTrees.deleteAtomically(fx.unitDir);

        UnitAgentRuntime late = fx.startAgent(0);
        late.retire();
        POLLING.await("the late agent's thread ends").until(late::hasEnded);

        assertFalse(Files.exists(fx.unitDir), "the unit's directory is not made again");
        assertFalse(late.isRetired());
        assertEquals(List.of("install", "config-changed", "start", "stop"), fx.hookLog());
    }

    @Test
    void relation_resolved_is_handed_to_the_relation_lifecycles_and_cleared() throws IOException {
        UnitAgentRuntime agent = fx.startAgent(0);
        POLLING.await("started").until(() -> "started".equals(agent.workflowState()));
        awaitQuiet(agent);

        fx.state.units().setRelationResolved(UNIT, Map.of("relation-0000000001", ResolvedMode.RETRY_HOOK));

        POLLING.await("flag cleared").until(() -> fx.state.units().flags(UNIT).equals(UnitFlags.NONE));
        assertTrue(fx.relations.calls().contains("resolve(relation-0000000001,true)"), fx.relations.calls().toString());
    }

    private static long count(UnitAgentFixture fx, String hook) {
        return fx.hookLog().stream().filter(hook::equals).count();
    }

    /** An agent that installed and started the unit, then stopped cleanly. */
    private void startedThenStopped() {
        UnitAgentRuntime first = fx.startAgent(0);
        POLLING.await("started").until(() -> "started".equals(first.workflowState()));
        awaitQuiet(first);
        first.close();
    }
}
