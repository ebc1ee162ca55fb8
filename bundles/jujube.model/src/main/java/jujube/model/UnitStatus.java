package jujube.model;

import java.util.Map;
import java.util.Set;

/**
 * What status shows of a unit besides its {@link UnitInfo}.
 *
 * @param info the unit
 * @param ports the ports it opened
 * @param relationWorkflowStates the replicas of its relation workflow states, by relation id
 * @param workload its workload as its charm describes it; empty when nothing was set yet
 * @param relationErrors for each relation in error, by relation id, what failed and when it is retried
 *     (since 1.2)
 */
public record UnitStatus(UnitInfo info, Set<Port> ports, Map<String, String> relationWorkflowStates,
        java.util.Optional<UnitWorkload> workload, Map<String, String> relationErrors) {
    public UnitStatus {
        ports = Set.copyOf(ports);
        relationWorkflowStates = Map.copyOf(relationWorkflowStates);
        workload = java.util.Objects.requireNonNull(workload, "workload");
        relationErrors = Map.copyOf(relationErrors);
    }

    /** A unit whose relations' errors, if any, are not described, as before 1.2. */
    public UnitStatus(UnitInfo info, Set<Port> ports, Map<String, String> relationWorkflowStates,
            java.util.Optional<UnitWorkload> workload) {
        this(info, ports, relationWorkflowStates, workload, Map.of());
    }

    /**
     * The unit's workload status as status shows it: an error state of its workflow is its workload's error
     * too, with the state's info as its message, as Go juju shows a failed hook; empty when nothing was set.
     *
     * @since 1.3
     */
    public java.util.Optional<WorkloadStatus> shownWorkload() {
        boolean failed = info.workflowState() != null && info.workflowState().endsWith("_error");
        return workload.map(w -> failed
                ? new WorkloadStatus(WorkloadStatus.ERROR, info.workflowStateInfo(), w.status().since())
                : w.status());
    }

    /** A unit whose workload nothing described yet. */
    public UnitStatus(UnitInfo info, Set<Port> ports, Map<String, String> relationWorkflowStates) {
        this(info, ports, relationWorkflowStates, java.util.Optional.empty());
    }
}
