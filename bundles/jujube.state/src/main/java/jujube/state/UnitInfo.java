package jujube.state;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * A unit as status and the agents see it.
 *
 * @param id the unit's id, {@code unit-0000000007}
 * @param name its name, {@code blog/1}
 * @param charmId the charm it runs
 * @param machineId the machine it is assigned to; empty when unassigned or subordinate
 * @param container for a subordinate, the principal unit whose container it lives in
 * @param publicAddress empty until its agent records it
 * @param privateAddress empty until its agent records it
 * @param workflowState the replica of its workflow state, empty before the first transition
 * @param agentConnected whether its agent's presence node exists
 * @param workflowStateInfo the failure that led into its error state, empty otherwise (since 2.1)
 */
public record UnitInfo(String id, UnitName name, String charmId, OptionalInt machineId, Optional<UnitName> container,
        String publicAddress, String privateAddress, String workflowState, boolean agentConnected,
        String workflowStateInfo) {

    public UnitInfo {
        java.util.Objects.requireNonNull(workflowStateInfo, "workflowStateInfo");
    }

    /** A unit without state info, as before 2.1. */
    public UnitInfo(String id, UnitName name, String charmId, OptionalInt machineId, Optional<UnitName> container,
            String publicAddress, String privateAddress, String workflowState, boolean agentConnected) {
        this(id, name, charmId, machineId, container, publicAddress, privateAddress, workflowState, agentConnected, "");
    }

    /** Whether the unit lives in another unit's container. */
    public boolean isSubordinate() {
        return container.isPresent();
    }
}
