package jujube.workflow;

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
     * What status shows beside a state ({@code agent-state-info}): the error message of an error state,
     * nothing otherwise.
     */
    static String info(WorkflowState state) {
        return state.state().endsWith("_error") ? state.vars().getOrDefault(WorkflowState.ERROR_MESSAGE, "") : "";
    }
}
