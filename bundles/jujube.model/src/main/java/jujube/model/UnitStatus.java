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
 */
public record UnitStatus(UnitInfo info, Set<Port> ports, Map<String, String> relationWorkflowStates,
        java.util.Optional<UnitWorkload> workload) {
    public UnitStatus {
        ports = Set.copyOf(ports);
        relationWorkflowStates = Map.copyOf(relationWorkflowStates);
        workload = java.util.Objects.requireNonNull(workload, "workload");
    }

    /** A unit whose workload nothing described yet. */
    public UnitStatus(UnitInfo info, Set<Port> ports, Map<String, String> relationWorkflowStates) {
        this(info, ports, relationWorkflowStates, java.util.Optional.empty());
    }
}
