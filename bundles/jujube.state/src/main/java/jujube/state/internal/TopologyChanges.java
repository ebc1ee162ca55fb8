package jujube.state.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import jujube.state.DuplicateRelationException;
import jujube.state.DuplicateRoleException;
import jujube.state.DuplicateServiceException;
import jujube.state.DuplicateUnitException;
import jujube.state.MachineHasUnitsException;
import jujube.state.RelationRole;
import jujube.state.RelationScope;
import jujube.state.ServiceInRelationsException;
import jujube.state.StateException;
import jujube.state.SubordinateUnitAssignmentException;
import jujube.state.SubordinateWithoutContainerRelationException;
import jujube.state.UnitAlreadyAssignedException;
import jujube.state.UnitName;
import jujube.state.internal.TopologyEntries.EndpointEntry;
import jujube.state.internal.TopologyEntries.RelationEntry;
import jujube.state.internal.TopologyEntries.ServiceEntry;
import jujube.state.internal.TopologyEntries.UnitEntry;

/**
 * Every change to the topology, each checking the invariants it could break and failing with that
 * invariant's own exception. They run inside a compare-and-set attempt, so they see the latest topology.
 */
final class TopologyChanges {
    private TopologyChanges() {}

    static void addMachine(Topology t, String machineKey) {
        t.machines.putIfAbsent(machineKey, new LinkedHashMap<>());
    }

    static void removeMachine(Topology t, String machineKey) {
        t.requireMachine(machineKey);
        List<UnitName> units = t.unitsOnMachine(machineKey);
        if (!units.isEmpty()) {
            throw new MachineHasUnitsException(Paths.machineId(machineKey), units);
        }
        t.machines.remove(machineKey);
    }

    static void addService(Topology t, String serviceId, String name) {
        if (t.findServiceId(name).isPresent()) {
            throw new DuplicateServiceException(name);
        }
        t.services.put(serviceId, new ServiceEntry(name, new TreeMap<>()));
    }

    /** Removes the service and its units; returns the removed unit ids. The unit sequence stays. */
    static List<String> removeService(Topology t, String serviceId) {
        List<String> relations = t.relationsOfService(serviceId);
        ServiceEntry s = t.service(serviceId);
        if (!relations.isEmpty()) {
            throw new ServiceInRelationsException(s.name(), relations);
        }
        List<String> units = new ArrayList<>();
        for (String unitId : List.copyOf(s.units().keySet())) {
            units.addAll(removeUnit(t, unitId));
        }
        t.services.remove(serviceId);
        return units;
    }

    /** Adds a unit with the next number of its service's name; numbers are never reused. */
    static UnitName addUnit(Topology t, String serviceId, String unitId, String containerUnitId) {
        ServiceEntry s = t.service(serviceId);
        t.services.forEach((sid, other) -> {
            if (other.units().containsKey(unitId)) {
                throw new DuplicateUnitException(unitId, other.name());
            }
        });
        if (containerUnitId != null) {
            String principalService = t.serviceOfUnit(containerUnitId);
            if (t.unit(containerUnitId).container() != null) {
                throw new StateException("unit " + t.unitName(containerUnitId) + " is itself subordinate: it has no container");
            }
            boolean related = t.relations.values().stream().anyMatch(r -> r.scope() == RelationScope.CONTAINER
                    && r.services().containsKey(serviceId) && r.services().containsKey(principalService));
            if (!related) {
                throw new SubordinateWithoutContainerRelationException(s.name(), t.service(principalService).name());
            }
        }
        // a topology from before unit-sequence existed still must not hand out a number twice
        int sequence = Math.max(t.unitSequence.getOrDefault(s.name(), 0),
                s.units().values().stream().mapToInt(u -> u.sequence() + 1).max().orElse(0));
        t.unitSequence.put(s.name(), sequence + 1);
        s.units().put(unitId, new UnitEntry(sequence, null, containerUnitId));
        return new UnitName(s.name(), sequence);
    }

    /** Removes the unit and the subordinates in its container; returns the removed unit ids. */
    static List<String> removeUnit(Topology t, String unitId) {
        List<String> removed = new ArrayList<>();
        for (ServiceEntry s : t.services.values()) {
            s.units().entrySet().removeIf(e -> {
                boolean gone = e.getKey().equals(unitId) || unitId.equals(e.getValue().container());
                if (gone) {
                    removed.add(e.getKey());
                }
                return gone;
            });
        }
        if (removed.isEmpty()) {
            throw new jujube.state.NoSuchUnitException(unitId);
        }
        return removed;
    }

    static void assignUnit(Topology t, String unitId, String machineKey) {
        UnitEntry u = t.unit(unitId);
        t.requireMachine(machineKey);
        if (u.container() != null) {
            throw new SubordinateUnitAssignmentException(t.unitName(unitId));
        }
        if (u.machine() != null && !u.machine().equals(machineKey)) {
            throw new UnitAlreadyAssignedException(t.unitName(unitId), Paths.machineId(u.machine()));
        }
        t.service(t.serviceOfUnit(unitId)).units().put(unitId, u.withMachine(machineKey));
    }

    static void unassignUnit(Topology t, String unitId) {
        UnitEntry u = t.unit(unitId);
        t.service(t.serviceOfUnit(unitId)).units().put(unitId, u.withMachine(null));
    }

    static void addRelation(Topology t, String relationId, String interfaceName, RelationScope scope,
            Map<String, EndpointEntry> byServiceId) {
        Set<RelationRole> roles = new HashSet<>();
        for (Map.Entry<String, EndpointEntry> e : byServiceId.entrySet()) {
            t.service(e.getKey());
            if (!roles.add(e.getValue().role())) {
                throw new DuplicateRoleException(interfaceName, e.getValue().role());
            }
        }
        boolean peer = roles.contains(RelationRole.PEER);
        if (peer ? byServiceId.size() != 1 : !roles.equals(Set.of(RelationRole.CLIENT, RelationRole.SERVER))) {
            throw new StateException("relation over '" + interfaceName
                    + "' needs one client and one server, or a single peer; got roles " + roles);
        }
        for (RelationEntry r : t.relations.values()) {
            if (r.interfaceName().equals(interfaceName) && r.services().equals(byServiceId)) {
                throw new DuplicateRelationException("'" + interfaceName + "' between " + byServiceId.keySet());
            }
        }
        t.relations.put(relationId, new RelationEntry(interfaceName, scope, Map.copyOf(byServiceId)));
    }

    static void removeRelation(Topology t, String relationId) {
        t.relation(relationId);
        t.relations.remove(relationId);
    }
}
