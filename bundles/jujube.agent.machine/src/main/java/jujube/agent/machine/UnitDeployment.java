package jujube.agent.machine;

import java.util.Objects;
import java.util.Optional;
import jujube.model.UnitName;

/**
 * One unit agent to run on this machine: what its factory configuration holds.
 *
 * @param unit the unit
 * @param machineId the machine it runs on
 * @param dirs its directories; the charm must be unpacked in {@link UnitDirectories#charmDir()} before
 *     it is deployed
 * @param container for a subordinate unit, the principal unit whose container it shares; empty for a
 *     principal, which the machine agent deploys and retires (subordinates are deployed and retired by
 *     their principal's side)
 */
public record UnitDeployment(UnitName unit, int machineId, UnitDirectories dirs, Optional<UnitName> container) {
    public UnitDeployment {
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(dirs, "dirs");
        Objects.requireNonNull(container, "container");
        if (machineId < 0) {
            throw new IllegalArgumentException("machine id must not be negative, got " + machineId);
        }
    }

    /** Whether the machine agent owns this deployment (a principal unit). */
    public boolean isPrincipal() {
        return container.isEmpty();
    }
}
