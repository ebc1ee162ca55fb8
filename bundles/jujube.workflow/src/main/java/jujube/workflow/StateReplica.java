package jujube.workflow;

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

    /** The unit's {@code workflow_state} in ZooKeeper. */
    static StateReplica unit(Units units, UnitName unit) {
        return state -> units.setWorkflowState(unit, state.state());
    }
}
