package jujube.cli.internal;

import jujube.model.NoSuchMachineException;
import jujube.model.Placement;
import jujube.provider.local.PlacementPolicy;
import jujube.state.StateConnection;
import jujube.state.Units;

/**
 * Where new principal units go: on the machine the operator named ({@code --to}), else by the
 * environment's placement policy: {@code local} puts every unit on machine 0; {@code unassigned} puts each
 * on a machine other than 0 that has no units, and adds a machine when none is free, as the original's
 * policies did. The state applies the placement in the transaction that adds the units.
 */
final class UnitPlacement {
    private UnitPlacement() {}

    /**
     * @param to the machine every unit goes to, or null for the policy's choice; it must exist, which is
     *     checked here, before anything is written
     */
    static Placement of(StateConnection state, PlacementPolicy policy, Integer to) {
        if (to != null) {
            if (state.machines().list().stream().noneMatch(m -> m.id() == to)) {
                throw new NoSuchMachineException(to);
            }
            return Placement.machine(to);
        }
        return policy == PlacementPolicy.LOCAL ? Placement.machine(0) : Placement.unusedMachine();
    }

    /** Refuses a unit count {@code -n} the state would not take in one request. */
    static void checkCount(SessionCommand command, int count) {
        if (count < 1) {
            throw command.usage("-n must be at least 1, got " + count);
        }
        if (count > Units.MAX_UNITS_PER_REQUEST) {
            throw command.usage("-n must be at most " + Units.MAX_UNITS_PER_REQUEST + ", got " + count);
        }
    }
}
