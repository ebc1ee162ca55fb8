package jujube.model;

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
 * @param workflowStateInfo what its agent says of its state, empty when nothing: a failed hook's message and
 *     when its next automatic retry is due (since 1.7)
 */
public record UnitInfo(String id, UnitName name, String charmId, OptionalInt machineId, Optional<UnitName> container,
        String publicAddress, String privateAddress, String workflowState, boolean agentConnected,
        String workflowStateInfo) {
    /**
     * The workflow state an agent publishes for a unit whose local state (its files on its machine) it found
     * corrupt: none of the unit's hooks runs until the operator resets that state ({@link ResolvedMode#RESET_STATE});
     * {@link #workflowStateInfo} names the file and the problem.
     *
     */
    public static final String LOCAL_STATE_ERROR = "local_state_error";

    public UnitInfo {
        java.util.Objects.requireNonNull(workflowStateInfo, "workflowStateInfo");
    }

    /** A unit whose agent says nothing more of its state than its name. */
    public UnitInfo(String id, UnitName name, String charmId, OptionalInt machineId, Optional<UnitName> container,
            String publicAddress, String privateAddress, String workflowState, boolean agentConnected) {
        this(id, name, charmId, machineId, container, publicAddress, privateAddress, workflowState, agentConnected,
                "");
    }

    /**
     * The unit's agent state as status shows it (and every view of the environment with it): {@code pending}
     * before the first transition (no replica yet, or {@code none} while install runs or is retried),
     * {@code down} when its agent is gone though its workflow says it runs, else the workflow state named
     * as status names states ({@link #shownState}).
     *
     * @since 1.1
     */
    public String agentState() {
        if (workflowState.isEmpty() || workflowState.equals("none")) {
            return "pending";
        }
        if (!agentConnected && (workflowState.equals("started") || workflowState.equals("installed"))) {
            return "down";
        }
        return shownState(workflowState);
    }

    /**
     * A workflow state as status and status-history name it: {@code install-error} for {@code install_error}.
     *
     * @since 1.1
     */
    public static String shownState(String workflowState) {
        return workflowState.replace('_', '-');
    }

    /** Whether the unit lives in another unit's container. */
    public boolean isSubordinate() {
        return container.isPresent();
    }
}
