package jujube.state.store;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import jujube.model.DuplicateRelationException;
import jujube.model.DuplicateRoleException;
import jujube.model.DuplicateServiceException;
import jujube.model.MachineHasUnitsException;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.model.ServiceInRelationsException;
import jujube.model.StateException;
import jujube.model.SubordinateUnitAssignmentException;
import jujube.model.SubordinateWithoutContainerRelationException;
import jujube.model.UnitAlreadyAssignedException;
import jujube.model.UnitName;
import jujube.state.store.TopologyEntries.EndpointEntry;
import jujube.state.store.TopologyEntries.RelationEntry;
import jujube.state.store.TopologyEntries.ServiceEntry;
import jujube.state.store.TopologyEntries.UnitEntry;

/**
 * Every change to the topology, each checking the invariants it could break and failing with that
 * invariant's own exception. Each writes the nodes it changes and {@linkplain Topology#touch touches} the
 * index whose children its check read, so a concurrent writer that would break the invariant makes one
 * of the two attempts fail and run again against the other's result.
 */
public final class TopologyChanges {
    private TopologyChanges() {}

    /** Adds a machine under a new key: a key taken meanwhile makes the request fail and be made again. */
    static void addMachine(Topology t, String machineKey) {
        t.nodes().create(TopologyLayout.machine(machineKey), Topology.index());
    }

    /** Removes a machine with no unit; a unit placed meanwhile makes the deletion fail (the node has a child). */
    public static void removeMachine(Topology t, String machineKey) {
        t.requireMachine(machineKey);
        List<UnitName> units = t.unitsOnMachine(machineKey);
        if (!units.isEmpty()) {
            throw new MachineHasUnitsException(Paths.machineId(machineKey), units);
        }
        t.nodes().delete(TopologyLayout.machine(machineKey));
    }

    /** The set of services is guarded by the root, which every addition and removal of a service writes. */
    static void addService(Topology t, String serviceId, String name) {
        if (t.findServiceId(name).isPresent()) {
            throw new DuplicateServiceException(name);
        }
        Map<String, Integer> retired = new TreeMap<>(t.retiredSequences());
        Integer next = retired.remove(name);
        t.nodes().set(TopologyLayout.ROOT, TopologyCodec.root(retired));
        t.nodes().create(TopologyLayout.service(serviceId), TopologyCodec.service(new ServiceEntry(name, next == null ? 0 : next)));
        t.nodes().create(TopologyLayout.serviceUnits(serviceId), Topology.index());
        t.nodes().create(TopologyLayout.serviceRelations(serviceId), Topology.index());
    }

    /**
     * Removes the service and its units; returns the removed unit ids. Its name's unit sequence goes to the
     * root, so units of a service deployed again under the name get new numbers.
     */
    public static List<String> removeService(Topology t, String serviceId) {
        ServiceEntry s = t.service(serviceId);
        List<String> relations = List.copyOf(t.relationsOfService(serviceId));
        if (!relations.isEmpty()) {
            throw new ServiceInRelationsException(s.name(), relations);
        }
        List<String> units = new ArrayList<>();
        for (String unitId : List.copyOf(t.unitsOf(serviceId).keySet())) {
            if (t.findUnit(unitId).isPresent()) { // a subordinate may have gone with its principal
                units.addAll(removeUnit(t, unitId));
            }
        }
        Map<String, Integer> retired = new TreeMap<>(t.retiredSequences());
        retired.put(s.name(), s.unitSequence());
        t.nodes().set(TopologyLayout.ROOT, TopologyCodec.root(retired));
        t.nodes().delete(TopologyLayout.serviceRelations(serviceId)); // fails if a relation was added meanwhile
        t.nodes().delete(TopologyLayout.serviceUnits(serviceId));
        t.nodes().delete(TopologyLayout.service(serviceId));
        return units;
    }

    /** Adds a unit with the next number of its service; numbers are never reused. */
    static UnitName addUnit(Topology t, String serviceId, String unitId, String containerUnitId) {
        ServiceEntry s = t.service(serviceId);
        if (containerUnitId != null) {
            UnitEntry principal = t.unit(containerUnitId);
            if (principal.container() != null) {
                throw new StateException("unit " + t.unitName(containerUnitId) + " is itself subordinate: it has no container");
            }
            boolean related = false;
            for (RelationEntry r : t.relations(t.relationsOfService(serviceId)).values()) {
                related |= r.scope() == RelationScope.CONTAINER && r.services().containsKey(principal.service());
            }
            if (!related) {
                throw new SubordinateWithoutContainerRelationException(s.name(), t.service(principal.service()).name());
            }
            t.nodes().touch(TopologyLayout.unit(containerUnitId)); // the container must still be there
            t.nodes().create(TopologyLayout.subordinate(containerUnitId, unitId), Topology.index());
        }
        int sequence = s.unitSequence();
        t.nodes().set(TopologyLayout.service(serviceId), TopologyCodec.service(s.withUnitSequence(sequence + 1)));
        t.nodes().create(TopologyLayout.serviceUnit(serviceId, sequence), TopologyCodec.unitOfNumber(unitId));
        t.nodes().create(TopologyLayout.unit(unitId), TopologyCodec.unit(new UnitEntry(serviceId, sequence, null, containerUnitId)));
        return new UnitName(s.name(), sequence);
    }

    /** Removes the unit and the subordinates in its container; returns the removed unit ids. */
    public static List<String> removeUnit(Topology t, String unitId) {
        UnitEntry u = t.unit(unitId);
        List<String> removed = new ArrayList<>();
        for (String sub : List.copyOf(t.subordinatesOf(unitId))) {
            if (t.findUnit(sub).isPresent()) {
                removed.addAll(removeUnit(t, sub));
            }
            t.nodes().deleteIndex(TopologyLayout.subordinate(unitId, sub));
        }
        if (u.machine() != null) {
            t.nodes().deleteIndex(TopologyLayout.placement(u.machine(), unitId));
        }
        if (u.container() != null) {
            t.nodes().deleteIndex(TopologyLayout.subordinate(u.container(), unitId));
        }
        t.nodes().deleteIndex(TopologyLayout.serviceUnit(u.service(), u.sequence()));
        t.nodes().delete(TopologyLayout.unit(unitId)); // fails if a subordinate joined its container meanwhile
        removed.add(0, unitId);
        return removed;
    }

    public static void assignUnit(Topology t, String unitId, String machineKey) {
        UnitEntry u = t.unit(unitId);
        t.requireMachine(machineKey);
        if (u.container() != null) {
            throw new SubordinateUnitAssignmentException(t.unitName(unitId));
        }
        if (u.machine() != null) {
            if (!u.machine().equals(machineKey)) {
                throw new UnitAlreadyAssignedException(t.unitName(unitId), Paths.machineId(u.machine()));
            }
            return;
        }
        setUnit(t, unitId, u.withMachine(machineKey));
        t.nodes().create(TopologyLayout.placement(machineKey, unitId), Topology.index()); // fails if the machine went
    }

    public static void unassignUnit(Topology t, String unitId) {
        UnitEntry u = t.unit(unitId);
        if (u.machine() != null) {
            t.nodes().deleteIndex(TopologyLayout.placement(u.machine(), unitId));
            setUnit(t, unitId, u.withMachine(null));
        }
    }

    private static void setUnit(Topology t, String unitId, UnitEntry u) {
        String path = TopologyLayout.unit(unitId);
        if (t.nodes().content(path) == null) {
            throw new jujube.model.NoSuchUnitException(unitId);
        }
        t.nodes().set(path, TopologyCodec.unit(u));
    }

    /**
     * Adds a relation; the relations of each of its services are guarded by the service's relations index,
     * which this touches.
     */
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
        String first = byServiceId.keySet().iterator().next();
        for (RelationEntry r : t.relations(t.relationsOfService(first)).values()) {
            if (r.interfaceName().equals(interfaceName) && r.services().equals(byServiceId)) {
                throw new DuplicateRelationException("'" + interfaceName + "' between " + byServiceId.keySet());
            }
        }
        t.nodes().create(TopologyLayout.relation(relationId), TopologyCodec.relation(
                new RelationEntry(interfaceName, scope, Map.copyOf(byServiceId))));
        for (String sid : byServiceId.keySet()) {
            t.nodes().touch(TopologyLayout.serviceRelations(sid));
            t.nodes().create(TopologyLayout.serviceRelations(sid) + "/" + relationId, Topology.index());
        }
    }

    public static void removeRelation(Topology t, String relationId) {
        RelationEntry r = t.relation(relationId);
        for (String sid : r.services().keySet()) {
            t.nodes().touch(TopologyLayout.serviceRelations(sid));
            t.nodes().deleteIndex(TopologyLayout.serviceRelations(sid) + "/" + relationId);
        }
        t.nodes().delete(TopologyLayout.relation(relationId));
    }
}
