package jujube.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UnitWorkflowTest extends WorkflowFixture {

    @Test
    void synchronize_from_nothing_installs_then_runs_config_changed_then_start() {
        Workflow workflow = open();
        FireResult result = workflow.synchronize();
        assertEquals(new FireResult.Completed("start", "started"), result);
        assertEquals(List.of("install", "config-changed", "start"), hooks.ran);
        assertEquals(new WorkflowState("started", null, Map.of()), store().load());
        assertEquals(List.of("none", "installed", "started"), replica);
    }

    @Test
    void install_failure_enters_install_error_with_the_message_and_stops_the_chain() {
        hooks.failing.add("install");
        Workflow workflow = open();
        FireResult result = workflow.synchronize();
        assertEquals(new FireResult.Failed("install", "install hook exited 1", "install_error"), result);
        assertEquals(List.of("install"), hooks.ran);
        assertEquals(Map.of(WorkflowState.ERROR_MESSAGE, "install hook exited 1"), workflow.state().vars());
        assertEquals("install_error", store().load().state());
    }

    @Test
    void retry_moves_on_without_the_hook_and_then_follows_the_automatic_start() {
        hooks.failing.add("install");
        Workflow workflow = open();
        workflow.synchronize();
        hooks.failing.clear();
        hooks.ran.clear();
        assertEquals(new FireResult.Completed("start", "started"), workflow.fire("retry"));
        assertEquals(List.of("config-changed", "start"), hooks.ran, "retry runs no install hook");
    }

    @Test
    void retry_hook_runs_the_hook_again_and_a_failure_stays_in_the_error_state() {
        hooks.failing.add("start");
        Workflow workflow = open();
        assertEquals("start_error", workflow.synchronize().state());
        hooks.ran.clear();
        FireResult again = workflow.fire("retry_hook");
        assertEquals(new FireResult.Failed("retry_start_hook", "start hook exited 1", "start_error"), again);
        assertEquals(List.of("config-changed", "start"), hooks.ran);
        assertNull(store().load().inFlight());
        hooks.failing.clear();
        assertEquals(new FireResult.Completed("retry_start_hook", "started"), workflow.fire("retry_hook"));
    }

    @Test
    void configure_failing_enters_configure_error_and_a_failed_retry_hook_falls_back_into_it() {
        Workflow workflow = started();
        hooks.failing.add("config-changed");
        assertEquals(new FireResult.Failed("configure", "config-changed hook exited 1", "configure_error"),
                workflow.fire("configure"));
        assertEquals(new FireResult.Failed("retry_configure_hook", "config-changed hook exited 1", "configure_error"),
                workflow.fire("retry_hook"));
        assertEquals("configure_error", store().load().state());
        hooks.failing.clear();
        assertEquals(new FireResult.Completed("retry_configure_hook", "started"), workflow.fire("retry_hook"));
        assertEquals(List.of("config-changed", "config-changed", "config-changed"), hooks.ran);
    }

    @Test
    void stop_and_its_error() {
        Workflow workflow = started();
        hooks.failing.add("stop");
        assertEquals("stop_error", workflow.fire("stop").state());
        assertEquals(new FireResult.Completed("retry_stop", "stopped"), workflow.fire("retry"));
    }

    @Test
    void upgrade_charm_upgrades_then_runs_its_hook_and_clears_the_marker() {
        Workflow workflow = started();
        assertEquals(new FireResult.Completed("upgrade_charm", "started"), workflow.fire("upgrade_charm"));
        assertEquals(1, hooks.upgrades);
        assertEquals(List.of("upgrade-charm"), hooks.ran);
        assertEquals(Map.of(), store().load().vars());
    }

    @Test
    void upgrade_hook_failure_enters_charm_upgrade_error_and_retries_can_fail_back_into_it() {
        Workflow workflow = started();
        hooks.failing.add("upgrade-charm");
        assertEquals("charm_upgrade_error", workflow.fire("upgrade_charm").state());
        FireResult retried = workflow.fire("retry_hook");
        assertEquals(new FireResult.Failed("retry_upgrade_charm_hook", "upgrade-charm hook exited 1",
                "charm_upgrade_error"), retried);
        assertEquals(new FireResult.Completed("retry_upgrade_charm", "started"), workflow.fire("retry"));
        assertEquals(3, hooks.upgrades, "each try redoes the upgrade, the plain retry without hook");
    }

    @Test
    void transitions_not_leaving_the_current_state_are_refused_by_name() {
        Workflow workflow = started();
        InvalidTransitionException e = assertThrows(InvalidTransitionException.class, () -> workflow.fire("retry"));
        assertEquals("no transition 'retry' from state 'started'", e.getMessage());
        assertThrows(InvalidTransitionException.class, () -> workflow.fire("install"));
        assertEquals("started", workflow.state().state());
    }

    @Test
    void an_explicit_action_replaces_the_default_one_for_that_transition_only() {
        Workflow workflow = started();
        FireResult result = workflow.fire("stop", context -> ActionResult.success(Map.of("reason", "removed")));
        assertInstanceOf(FireResult.Completed.class, result);
        assertEquals(List.of(), hooks.ran);
        assertEquals(Map.of("reason", "removed"), store().load().vars());
    }
}
