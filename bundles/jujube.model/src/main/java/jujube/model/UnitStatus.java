package jujube.model;

import java.util.Map;
import java.util.Set;

/**
 * What status shows of a unit besides its {@link UnitInfo}.
 *
 * @param info the unit
 * @param ports the ports it opened
 * @param relationWorkflowStates the replicas of its relation workflow states, by relation id
 */
public record UnitStatus(UnitInfo info, Set<Port> ports, Map<String, String> relationWorkflowStates) {
    public UnitStatus {
        ports = Set.copyOf(ports);
        relationWorkflowStates = Map.copyOf(relationWorkflowStates);
    }
}
