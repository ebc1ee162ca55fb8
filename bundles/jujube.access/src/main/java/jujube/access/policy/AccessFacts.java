package jujube.access.policy;

import java.util.List;
import java.util.Optional;

/**
 * What the access policy needs to know beyond a node's path, answered from one topology: which machine
 * hosts a unit, which services a relation ties, which services take part with a role.
 */
public interface AccessFacts {
    /** The machine key hosting the unit (its principal's, for a subordinate), if assigned. */
    Optional<String> machineOfUnit(String unitId);

    /** The service ids of the relation's endpoints; empty when the relation is not in the topology. */
    List<String> servicesOfRelation(String relationId);

    /** The ids of the relation's services taking part with {@code role}. */
    List<String> servicesWithRole(String relationId, String role);
}
