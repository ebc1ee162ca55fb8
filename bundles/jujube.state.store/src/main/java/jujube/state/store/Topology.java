package jujube.state.store;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiFunction;
import jujube.model.NoSuchMachineException;
import jujube.model.NoSuchRelationException;
import jujube.model.NoSuchServiceException;
import jujube.model.NoSuchUnitException;
import jujube.model.UnitName;
import jujube.state.store.TopologyEntries.RelationEntry;
import jujube.state.store.TopologyEntries.ServiceEntry;
import jujube.state.store.TopologyEntries.UnitEntry;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.data.ACL;

/**
 * One look at the topology ({@link TopologyLayout}) in the domain's terms: machines, services, units
 * and relations, looked up in the {@link TopologyNodes} the look reads and changes. It is mutable and
 * short-lived: each attempt at a change reads a fresh one and changes its nodes through
 * {@link TopologyChanges}.
 */
public final class Topology {
    static final int VERSION = 3;

    /**
     * Service ids by name as this connection last found them, shared by its looks: a name's id is checked
     * by reading that service's node (whose name never changes), not by reading every service.
     */
    private final Map<String, String> knownServiceIds;
    private final TopologyNodes nodes;

    public Topology(TopologySource source) {
        this(source, new java.util.concurrent.ConcurrentHashMap<>());
    }

    public Topology(TopologySource source, Map<String, String> knownServiceIds) {
        this.nodes = new TopologyNodes(source);
        this.knownServiceIds = knownServiceIds;
    }

    /** The nodes this look read, and its changes to them. */
    public TopologyNodes nodes() {
        return nodes;
    }

    /** The operations that make the server's topology this look's, new nodes with the ACLs {@code acl} gives. */
    List<Op> ops(String namespace, NodeReader reader, BiFunction<String, Topology, List<ACL>> acl) {
        return nodes.ops(namespace, reader, path -> acl.apply(path, this));
    }

    // ---- the root

    int version() {
        Map<String, Object> root = nodes.content(TopologyLayout.ROOT);
        return root == null ? 0 : TopologyCodec.version(root);
    }

    /** The next unit number of each removed service's name: a name deployed again goes on from there. */
    Map<String, Integer> retiredSequences() {
        Map<String, Object> root = nodes.content(TopologyLayout.ROOT);
        return root == null ? Map.of() : TopologyCodec.retiredSequences(root);
    }

    // ---- machines

    /** The machines' keys, in order. */
    public TreeSet<String> machineKeys() {
        return nodes.childrenOf(TopologyLayout.MACHINES);
    }

    boolean hasMachine(String machineKey) {
        return nodes.content(TopologyLayout.machine(machineKey)) != null;
    }

    public void requireMachine(String machineKey) {
        if (!hasMachine(machineKey)) {
            throw new NoSuchMachineException(Paths.machineId(machineKey));
        }
    }

    /**
     * Whether no unit is placed on each of these machines, by machine key: their nodes read in one batch,
     * each one's children counted from its read, with this look's own changes.
     */
    Map<String, Boolean> machinesWithoutUnits(Collection<String> machineKeys) {
        nodes.prefetch(machineKeys.stream().map(TopologyLayout::machine).toList());
        Map<String, Boolean> result = new LinkedHashMap<>();
        for (String key : machineKeys) {
            result.put(key, nodes.childCount(TopologyLayout.machine(key)) == 0);
        }
        return result;
    }

    /** The ids of the principal units placed on the machine. */
    TreeSet<String> unitIdsOnMachine(String machineKey) {
        return nodes.childrenOf(TopologyLayout.machine(machineKey));
    }

    /** Principal units assigned to the machine, by name. */
    public List<UnitName> unitsOnMachine(String machineKey) {
        List<UnitName> names = new ArrayList<>(unitNames(unitIdsOnMachine(machineKey)).values());
        names.sort(null);
        return names;
    }

    // ---- services

    /** Every service, by id. */
    public TreeMap<String, ServiceEntry> services() {
        return nodes.decodedChildren(TopologyLayout.SERVICES, TopologyCodec::service);
    }

    // The lookups below are plain loops, not streams: a status of 200 units calls them for every unit, in
    // a JVM that has just started, where each stream stage is interpreted, cold code.
    Optional<String> findServiceId(String name) {
        String known = knownServiceIds.get(name);
        if (known != null) {
            Optional<ServiceEntry> s = findService(known);
            if (s.isPresent() && s.get().name().equals(name)) {
                return Optional.of(known);
            }
            knownServiceIds.remove(name, known); // removed since: the name may belong to another service now
        }
        for (Map.Entry<String, ServiceEntry> e : services().entrySet()) {
            if (e.getValue().name().equals(name)) {
                knownServiceIds.put(name, e.getKey());
                return Optional.of(e.getKey());
            }
        }
        return Optional.empty();
    }

    public String serviceId(String name) {
        return findServiceId(name).orElseThrow(() -> new NoSuchServiceException(name));
    }

    Optional<ServiceEntry> findService(String serviceId) {
        String path = TopologyLayout.service(serviceId);
        Map<String, Object> c = nodes.content(path);
        return c == null ? Optional.empty() : Optional.of(TopologyCodec.service(path, c));
    }

    public ServiceEntry service(String serviceId) {
        return findService(serviceId).orElseThrow(() -> new NoSuchServiceException(serviceId));
    }

    /** The numbers of the service's units, in order. */
    public List<Integer> unitNumbers(String serviceId) {
        List<Integer> numbers = new ArrayList<>();
        for (String n : nodes.childrenOf(TopologyLayout.serviceUnits(serviceId))) {
            numbers.add(Integer.parseInt(n));
        }
        numbers.sort(null);
        return numbers;
    }

    /** The service's units, by unit id. */
    public TreeMap<String, UnitEntry> unitsOf(String serviceId) {
        TreeMap<String, String> ids = nodes.decodedChildren(TopologyLayout.serviceUnits(serviceId), TopologyCodec::unitOfNumber);
        return units(ids.values());
    }

    /** The relations the service takes part in, by id. */
    public TreeSet<String> relationsOfService(String serviceId) {
        return nodes.childrenOf(TopologyLayout.serviceRelations(serviceId));
    }

    // ---- units

    Optional<UnitEntry> findUnit(String unitId) {
        String path = TopologyLayout.unit(unitId);
        Map<String, Object> c = nodes.content(path);
        return c == null ? Optional.empty() : Optional.of(TopologyCodec.unit(path, c));
    }

    public UnitEntry unit(String unitId) {
        return findUnit(unitId).orElseThrow(() -> new NoSuchUnitException(unitId));
    }

    /** The units of the given ids that exist, by id; read in one batch. */
    public TreeMap<String, UnitEntry> units(Collection<String> unitIds) {
        nodes.prefetch(unitIds.stream().map(TopologyLayout::unit).toList());
        TreeMap<String, UnitEntry> result = new TreeMap<>();
        for (String id : unitIds) {
            findUnit(id).ifPresent(u -> result.put(id, u));
        }
        return result;
    }

    /** Every unit, by id. */
    public TreeMap<String, UnitEntry> units() {
        return units(nodes.childrenOf(TopologyLayout.UNITS));
    }

    /**
     * Reads, in one batch with {@code also}, what looking these units up by name needs when this connection
     * knows their services' ids: the services (to check the ids still name them) and their unit-number
     * entries. A lookup then costs no further request; one whose service id is not known reads as before.
     */
    public void prefetchNames(Collection<UnitName> names, Collection<String> also) {
        List<String> paths = new ArrayList<>(also);
        for (UnitName name : names) {
            String serviceId = knownServiceIds.get(name.service());
            if (serviceId != null) {
                paths.add(TopologyLayout.service(serviceId));
                paths.add(TopologyLayout.serviceUnit(serviceId, name.number()));
            }
        }
        nodes.prefetch(paths);
    }

    public String unitId(UnitName name) {
        String id = unitIds(List.of(name)).get(name);
        if (id == null) {
            throw new NoSuchUnitException(name.toString());
        }
        return id;
    }

    /** The service id owning a unit id. */
    public String serviceOfUnit(String unitId) {
        return unit(unitId).service();
    }

    public UnitName unitName(String unitId) {
        UnitEntry u = unit(unitId);
        return new UnitName(service(u.service()).name(), u.sequence());
    }

    /** The names of the units of the given ids that exist, by id. */
    public Map<String, UnitName> unitNames(Collection<String> unitIds) {
        TreeMap<String, UnitEntry> units = units(unitIds);
        nodes.prefetch(units.values().stream().map(u -> TopologyLayout.service(u.service())).distinct().toList());
        Map<String, UnitName> names = new TreeMap<>();
        units.forEach((id, u) -> names.put(id, new UnitName(service(u.service()).name(), u.sequence())));
        return names;
    }

    /** Every unit's name, by unit id. */
    public Map<String, UnitName> unitNames() {
        return unitNames(nodes.childrenOf(TopologyLayout.UNITS));
    }

    /** The ids of the named units that exist, by name: their services' unit-number entries in one batch. */
    public Map<UnitName, String> unitIds(Collection<UnitName> names) {
        prefetchNames(names, List.of());
        Map<UnitName, String> entries = new LinkedHashMap<>();
        for (UnitName name : names) {
            findServiceId(name.service())
                    .ifPresent(id -> entries.put(name, TopologyLayout.serviceUnit(id, name.number())));
        }
        nodes.prefetch(entries.values());
        Map<UnitName, String> ids = new LinkedHashMap<>();
        entries.forEach((name, path) -> {
            Map<String, Object> c = nodes.content(path);
            if (c != null) {
                ids.put(name, TopologyCodec.unitOfNumber(path, c));
            }
        });
        return ids;
    }

    /**
     * The ids of the subordinate units in these units' containers. The units' nodes are read in one batch;
     * only a node with children is listed, so principals without subordinates cost no request.
     */
    public List<String> subordinatesOf(Collection<String> unitIds) {
        nodes.prefetch(unitIds.stream().map(TopologyLayout::unit).toList());
        List<String> result = new ArrayList<>();
        for (String id : unitIds) {
            if (nodes.childCount(TopologyLayout.unit(id)) > 0) {
                result.addAll(subordinatesOf(id));
            }
        }
        return result;
    }

    /**
     * The containers of the named units that exist, by name (a principal is its own): their services'
     * unit-number entries, the units, then their containers, each step one batch.
     */
    public Map<UnitName, UnitName> containers(Collection<UnitName> names) {
        Map<UnitName, String> ids = unitIds(names);
        TreeMap<String, UnitEntry> units = units(ids.values());
        List<String> containerIds = new ArrayList<>();
        for (UnitEntry u : units.values()) {
            if (u.container() != null) {
                containerIds.add(u.container());
            }
        }
        Map<String, UnitName> containerNames = unitNames(containerIds);
        Map<UnitName, UnitName> result = new TreeMap<>();
        ids.forEach((name, id) -> {
            UnitEntry u = units.get(id);
            if (u == null) {
                return; // removed between the index and its node
            }
            UnitName container = u.container() == null ? name : containerNames.get(u.container());
            if (container != null) {
                result.put(name, container);
            }
        });
        return result;
    }

    /** The ids of the subordinate units in the unit's container. */
    public TreeSet<String> subordinatesOf(String unitId) {
        return nodes.childrenOf(TopologyLayout.unit(unitId));
    }

    // ---- relations

    /** Every relation, by id. */
    public TreeMap<String, RelationEntry> relations() {
        return nodes.decodedChildren(TopologyLayout.RELATIONS, TopologyCodec::relation);
    }

    public Optional<RelationEntry> findRelation(String relationId) {
        String path = TopologyLayout.relation(relationId);
        Map<String, Object> c = nodes.content(path);
        return c == null ? Optional.empty() : Optional.of(TopologyCodec.relation(path, c));
    }

    public RelationEntry relation(String relationId) {
        return findRelation(relationId).orElseThrow(() -> new NoSuchRelationException(relationId));
    }

    /** The given relations that exist, by id; read in one batch. */
    public TreeMap<String, RelationEntry> relations(Collection<String> relationIds) {
        nodes.prefetch(relationIds.stream().map(TopologyLayout::relation).toList());
        TreeMap<String, RelationEntry> result = new TreeMap<>();
        for (String id : relationIds) {
            findRelation(id).ifPresent(r -> result.put(id, r));
        }
        return result;
    }

    /** An empty map for an index node's content. */
    static Map<String, Object> index() {
        return new LinkedHashMap<>();
    }
}
