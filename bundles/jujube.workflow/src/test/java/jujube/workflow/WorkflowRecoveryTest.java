package jujube.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Crashes simulated by an action that throws, then a new workflow loaded from the same disk. */
class WorkflowRecoveryTest extends WorkflowFixture {

    @Test
    void a_transition_that_dies_mid_action_is_left_in_flight_and_replayed_on_synchronize() {
        AtomicInteger starts = new AtomicInteger();
        TransitionActions crashingStart = transition -> transition.id().equals("start") && starts.getAndIncrement() == 0
                ? context -> {
                    throw new IllegalStateException("killed");
                }
                : hooks.forTransition(transition);
        TransitionAbortedException aborted = assertThrows(TransitionAbortedException.class,
                () -> open(crashingStart).synchronize());
        assertEquals("start", aborted.transitionId());
        assertEquals(new WorkflowState("installed", "start", Map.of()), store().load());

        Workflow restarted = open(crashingStart);
        assertThrows(IllegalStateException.class, () -> restarted.fire("stop"), "nothing fires before synchronize");
        assertEquals(new FireResult.Completed("start", "started"), restarted.synchronize());
        assertEquals(List.of("install", "config-changed", "start"), hooks.ran, "install is not run again");
        assertEquals(new WorkflowState("started", null, Map.of()), store().load());
    }

    @Test
    void a_crash_inside_the_charm_upgrade_restarts_in_charm_upgrade_error_without_replaying() {
        started();
        Workflow workflow = open(transition -> transition.id().equals("upgrade_charm")
                ? UnitWorkflow.upgradeCharm(context -> {
                    throw new IllegalStateException("killed while unpacking the charm");
                }, TransitionAction.NONE)
                : hooks.forTransition(transition));
        assertThrows(TransitionAbortedException.class, () -> workflow.fire("upgrade_charm"));
        WorkflowState died = store().load();
        assertEquals("upgrade_charm", died.inFlight());
        assertEquals("true", died.vars().get(UnitWorkflow.CHARM_UPGRADE_MARKER));

        FireResult result = open().synchronize();
        assertEquals(new FireResult.Unchanged("charm_upgrade_error"), result);
        assertEquals(new WorkflowState("charm_upgrade_error", null, Map.of()), store().load());
        assertEquals(0, hooks.upgrades, "the interrupted upgrade is not replayed");
        assertEquals(List.of(), hooks.ran);
        assertEquals(HistoryEntry.Step.RECOVERED, history().entries().get(history().entries().size() - 1).step());
    }

    @Test
    void a_crash_after_the_upgrade_during_its_hook_replays_the_whole_upgrade() {
        started();
        Workflow workflow = open(transition -> transition.id().equals("upgrade_charm")
                ? UnitWorkflow.upgradeCharm(context -> ActionResult.success(), context -> {
                    throw new IllegalStateException("killed in the hook");
                })
                : hooks.forTransition(transition));
        assertThrows(TransitionAbortedException.class, () -> workflow.fire("upgrade_charm"));
        assertEquals(new FireResult.Completed("upgrade_charm", "started"), open().synchronize());
        assertEquals(1, hooks.upgrades);
        assertEquals(List.of("upgrade-charm"), hooks.ran);
    }

    @Test
    void a_crash_while_entering_an_error_state_keeps_the_error_message() {
        hooks.failing.add("install");
        Workflow workflow = open(transition -> transition.id().equals("error_install") ? context -> {
            throw new IllegalStateException("killed");
        } : hooks.forTransition(transition));
        assertThrows(TransitionAbortedException.class, workflow::synchronize);
        assertEquals("error_install", store().load().inFlight());
        FireResult replayed = open().synchronize();
        assertEquals(new FireResult.Completed("error_install", "install_error"), replayed);
        assertEquals(Map.of(WorkflowState.ERROR_MESSAGE, "install hook exited 1"), store().load().vars());
        assertEquals(List.of("install"), hooks.ran, "the failed hook is not run again");
    }

    @Test
    void synchronize_in_a_resting_state_fires_nothing_but_replicates_the_disk_state() {
        started();
        replica.clear();
        assertEquals(new FireResult.Unchanged("started"), open().synchronize());
        assertEquals(List.of("started"), replica);
        assertEquals(List.of(), hooks.ran);
    }

    @Test
    void every_stored_step_is_one_history_line() {
        hooks.failing.add("start");
        open().synchronize();
        List<String> steps = history().entries().stream()
                .map(e -> e.step() + " " + e.transition() + " " + e.state() + " " + e.inFlight()).toList();
        assertEquals(List.of(
                "IN_FLIGHT install none install",
                "COMMITTED install installed null",
                "IN_FLIGHT start installed start",
                "IN_FLIGHT error_start installed error_start",
                "COMMITTED error_start start_error null"), steps);
    }
}
