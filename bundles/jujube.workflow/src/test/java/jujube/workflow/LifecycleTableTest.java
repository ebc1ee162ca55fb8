package jujube.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class LifecycleTableTest {

    /** state -> hook execution, relations, proceeds to started: seed 001 and the original's behaviour. */
    private static final Map<String, String> EXPECTED = Map.of(
            "none", "hooks proceed",
            "installed", "hooks proceed",
            "started", "hooks relations",
            "stopped", "hooks",
            "install_error", "hooks",
            "start_error", "hooks",
            "stop_error", "hooks",
            "configure_error", "hooks",
            "hook_error", "hooks",
            "charm_upgrade_error", "relations");

    @Test
    void the_table_names_every_state_of_the_unit_workflow() {
        Set<String> table = Arrays.stream(UnitState.values()).map(UnitState::stateName).collect(Collectors.toSet());
        assertEquals(UnitWorkflow.DEFINITION.states(), table);
        assertEquals(EXPECTED.keySet(), table);
    }

    @Test
    void each_state_runs_its_parts() {
        for (UnitState state : UnitState.values()) {
            String parts = ((state.runsHookExecution() ? "hooks " : "") + (state.runsRelations() ? "relations " : "")
                    + (state.proceedsToStarted() ? "proceed" : "")).trim();
            assertEquals(EXPECTED.get(state.stateName()), parts, state.stateName());
            assertEquals(state, UnitState.named(state.stateName()).orElseThrow());
        }
    }

    @Test
    void only_states_that_proceed_have_automatic_transitions() {
        for (UnitState state : UnitState.values()) {
            assertEquals(state.proceedsToStarted(),
                    UnitWorkflow.DEFINITION.automaticFrom(state.stateName()).isPresent(), state.stateName());
        }
    }

    @Test
    void every_error_state_can_be_left_by_retry_and_retry_hook() {
        for (UnitState state : UnitState.values()) {
            if (state.isError()) {
                assertEquals(true, UnitWorkflow.DEFINITION.find(state.stateName(), "retry").isPresent(), state.name());
                assertEquals(true, UnitWorkflow.DEFINITION.find(state.stateName(), "retry_hook").isPresent(),
                        state.name());
            }
        }
    }

    @Test
    void relation_states_cover_the_relation_workflow() {
        Set<String> table = Arrays.stream(RelationState.values()).map(RelationState::stateName)
                .collect(Collectors.toSet());
        assertEquals(RelationWorkflow.DEFINITION.states(), table);
        assertEquals(true, RelationState.ERROR.watches());
        assertEquals(false, RelationState.ERROR.executes());
        assertEquals(true, RelationState.UP.executes());
    }
}
