package jujube.cli.internal;

import jujube.state.MachineInfo;
import jujube.state.StateConnection;
import jujube.state.UnitName;

/**
 * Where a new principal unit goes, by the environment's placement policy: {@code local} puts every unit
 * on machine 0; {@code unassigned} puts it on a machine other than 0 that has no units, and adds a
 * machine when none is free, as the original's policies did.
 */
final class UnitPlacement {
    private final StateConnection state;
    private final String policy;

    UnitPlacement(StateConnection state, String policy) {
        this.state = state;
        this.policy = policy;
    }

    /** Assigns the unit and returns its machine. */
    int place(UnitName unit) {
        int machine = policy.equals("local") ? 0 : unusedMachine();
        state.units().assign(unit, machine);
        return machine;
    }

    private int unusedMachine() {
        for (MachineInfo m : state.machines().list()) {
            // machine 0 runs the environment's own agents: the original never placed units there by this policy
            if (m.id() != 0 && state.machines().assignedUnits(m.id()).isEmpty()) {
                return m.id();
            }
        }
        return state.machines().add().id();
    }
}
