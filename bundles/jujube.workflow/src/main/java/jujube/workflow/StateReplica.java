package jujube.workflow;

import jujube.state.NoSuchUnitException;
import jujube.state.UnitName;
import jujube.state.Units;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A non-authoritative copy of a workflow's state for others to read (status). Called after the local
 * store, whenever the state's name changes and on every synchronize; an exception propagates to the
 * caller, and the next synchronize replicates again.
 */
@ConsumerType
@FunctionalInterface
public interface StateReplica {
    /** No replica: relation workflows are read from the unit's disk only. */
    StateReplica NONE = state -> { };

    void replicate(WorkflowState state);

    /**
     * The unit's {@code workflow_state} in ZooKeeper, with the message of the failure that led into an
     * error state beside it (status's {@code agent-state-info}). A removed unit (its node deleted by remove-unit
     * while its agent retires it) has no replica left to keep: its last transitions are local only.
     */
    static StateReplica unit(Units units, UnitName unit) {
        return state -> {
            try {
                units.setWorkflowState(unit, state.state(), info(state));
            } catch (NoSuchUnitException removed) {
                // nothing to replicate to
            }
        };
    }

    /**
     * What status shows beside a state ({@code agent-state-info}): the error message of an error state,
     * nothing otherwise.
     */
    static String info(WorkflowState state) {
        return state.state().endsWith("_error") ? state.vars().getOrDefault(WorkflowState.ERROR_MESSAGE, "") : "";
    }
}
