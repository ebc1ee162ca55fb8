package jujube.agent.unit.internal;

import jujube.model.NoSuchUnitException;
import jujube.state.UnitHandle;
import jujube.workflow.StateReplica;
import jujube.workflow.WorkflowState;

/**
 * The unit's {@code workflow_state} in ZooKeeper, with the message of the failure that led into an error
 * state beside it (status's {@code agent-state-info}). A removed unit (its node deleted by remove-unit
 * while its agent retires it) has no replica left to keep: its last transitions are local only.
 */
final class UnitStateReplica implements StateReplica {
    private final UnitHandle unitState;

    UnitStateReplica(UnitHandle unitState) {
        this.unitState = unitState;
    }

    @Override
    public void replicate(WorkflowState state) {
        try {
            unitState.setWorkflowState(state.state(), StateReplica.info(state));
        } catch (NoSuchUnitException removed) {
            // nothing to replicate to
        }
    }
}
