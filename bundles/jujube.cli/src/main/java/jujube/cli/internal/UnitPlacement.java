package jujube.cli.internal;

import jujube.state.MachineInfo;
import jujube.state.NoSuchMachineException;
import jujube.state.StateConnection;
import jujube.state.UnitName;

/**
 * Where a new principal unit goes: on the machine the operator named ({@code --to}), else by the
 * environment's placement policy: {@code local} puts every unit on machine 0; {@code unassigned} puts it
 * on a machine other than 0 that has no units, and adds a machine when none is free, as the original's
 * policies did.
 */
final class UnitPlacement {
    private final StateConnection state;
    private final String policy;
    private final Integer to;

    /**
     * @param to the machine every unit goes to, or null for the policy's choice; it must exist, which is
     *     checked here, before any unit is added
     */
    UnitPlacement(StateConnection state, String policy, Integer to) {
        this.state = state;
        this.policy = policy;
        this.to = to;
        if (to != null && state.machines().list().stream().noneMatch(m -> m.id() == to)) {
            throw new NoSuchMachineException(to);
        }
    }

    /** Assigns the unit and returns its machine. */
    int place(UnitName unit) {
        int machine = to != null ? to : policy.equals("local") ? 0 : unusedMachine();
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
