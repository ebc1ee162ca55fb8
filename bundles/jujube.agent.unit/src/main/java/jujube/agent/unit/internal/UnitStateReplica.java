package jujube.agent.unit.internal;

import jujube.model.NoSuchUnitException;
import jujube.model.UnitName;
import jujube.state.Units;
import jujube.workflow.StateReplica;
import jujube.workflow.WorkflowState;

/**
 * The unit's {@code workflow_state} in ZooKeeper, with the message of the failure that led into an error
 * state beside it (status's {@code agent-state-info}). A removed unit (its node deleted by remove-unit
 * while its agent retires it) has no replica left to keep: its last transitions are local only.
 */
final class UnitStateReplica implements StateReplica {
    private final Units units;
    private final UnitName unit;

    UnitStateReplica(Units units, UnitName unit) {
        this.units = units;
        this.unit = unit;
    }

    @Override
    public void replicate(WorkflowState state) {
        try {
            units.setWorkflowState(unit, state.state(), StateReplica.info(state));
        } catch (NoSuchUnitException removed) {
            // nothing to replicate to
        }
    }
}
