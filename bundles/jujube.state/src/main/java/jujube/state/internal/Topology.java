package jujube.state.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
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
import jujube.state.internal.TopologyEntries.RelationEntry;
import jujube.state.internal.TopologyEntries.ServiceEntry;
import jujube.state.internal.TopologyEntries.UnitEntry;
import jujube.state.internal.TopologySource.Shard;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.data.ACL;

/**
 * One look at the topology ({@link TopologyLayout}), read node by node as it is asked and kept for the
 * look's life: a unit's lookup reads that unit's nodes, not the environment's. It is mutable and
 * short-lived: each attempt at a change reads a fresh one, changes it through {@link TopologyChanges},
 * and {@link #ops} turns what changed into a ZooKeeper {@code multi}, each node written or deleted at the
 * version it was read at, so a writer that changed it meanwhile makes the attempt fail as a whole.
 */
final class Topology {
    static final int VERSION = 3;

    private final TopologySource source;
    /**
     * Service ids by name as this connection last found them, shared by its looks: a name's id is checked
     * by reading that service's node (whose name never changes), not by reading every service.
     */
    private final Map<String, String> knownServiceIds;
    private final Map<String, Node> nodes = new HashMap<>();
    private final Map<String, TreeSet<String>> children = new HashMap<>();

    /** A node as read ({@code version} -1 when it did not exist) and as it is now ({@code content} null: absent). */
    private static final class Node {
        final boolean existed;
        final int version;
        /** Its children when read. */
        final int children;
        Map<String, Object> content;
        boolean dirty;

        Node(boolean existed, int version, int children, Map<String, Object> content) {
            this.existed = existed;
            this.version = version;
            this.children = children;
            this.content = content;
        }
    }

    Topology(TopologySource source) {
        this(source, new java.util.concurrent.ConcurrentHashMap<>());
    }

    Topology(TopologySource source, Map<String, String> knownServiceIds) {
        this.source = source;
        this.knownServiceIds = knownServiceIds;
    }

    // ---- reading nodes

    private Node node(String path) {
        Node n = nodes.get(path);
        if (n == null) {
            load(List.of(path));
            n = nodes.get(path);
        }
        return n;
    }

    /** Reads these nodes now, in one batch, for the lookups to come. */
    void prefetch(Collection<String> paths) {
        load(paths);
    }

    /** Reads the nodes not read yet, in one batch. */
    private void load(Collection<String> paths) {
        List<String> missing = new ArrayList<>();
        for (String p : paths) {
            if (!nodes.containsKey(p)) {
                missing.add(p);
            }
        }
        if (missing.isEmpty()) {
            return;
        }
        Map<String, Shard> read = source.read(missing);
        for (String p : missing) {
            Shard s = read.get(p);
            nodes.put(p, s == null ? new Node(false, -1, 0, null) : new Node(true, s.version(), s.children(), s.content()));
        }
    }

    /** The node's content, or null when it does not exist. */
    Map<String, Object> content(String path) {
        return node(path).content;
    }

    /** The children's names, sorted, with this look's own changes. */
    TreeSet<String> childrenOf(String path) {
        TreeSet<String> names = children.get(path);
        if (names == null) {
            List<String> listed = source.children(path);
            names = listed == null ? new TreeSet<>() : new TreeSet<>(listed);
            for (Map.Entry<String, Node> e : nodes.entrySet()) { // nodes this look created or deleted
                ZKPaths.PathAndNode pn = ZKPaths.getPathAndNode(e.getKey());
                if (pn.getPath().equals(path) && e.getValue().dirty) {
                    if (e.getValue().content == null) {
                        names.remove(pn.getNode());
                    } else {
                        names.add(pn.getNode());
                    }
                }
            }
            children.put(path, names);
        }
        return names;
    }

    /** The content of each child of {@code parent}, decoded, by child name; read in one batch. */
    private <T> TreeMap<String, T> decodedChildren(String parent, BiFunction<String, Map<String, Object>, T> decode) {
        List<String> paths = childrenOf(parent).stream().map(c -> parent + "/" + c).toList();
        load(paths);
        TreeMap<String, T> result = new TreeMap<>();
        for (String p : paths) {
            Map<String, Object> c = content(p);
            if (c != null) {
                result.put(Paths.name(p), decode.apply(p, c));
            }
        }
        return result;
    }

    // ---- changing nodes

    void create(String path, Map<String, Object> content) {
        Node n = nodes.get(path);
        if (n == null) {
            n = new Node(false, -1, 0, null);
            nodes.put(path, n);
        }
        n.content = content;
        n.dirty = true;
        TreeSet<String> siblings = children.get(ZKPaths.getPathAndNode(path).getPath());
        if (siblings != null) {
            siblings.add(Paths.name(path));
        }
    }

    /** Replaces the content of a node read before. */
    void set(String path, Map<String, Object> content) {
        Node n = node(path);
        if (n.content == null) {
            throw new IllegalStateException(path + " does not exist");
        }
        n.content = content;
        n.dirty = true;
    }

    /** Deletes a node read before, at the version read. */
    void delete(String path) {
        node(path).content = null;
        node(path).dirty = true;
        TreeSet<String> siblings = children.get(ZKPaths.getPathAndNode(path).getPath());
        if (siblings != null) {
            siblings.remove(Paths.name(path));
        }
    }

    /** Deletes an index node whose content does not matter, at any version, without reading it. */
    void deleteIndex(String path) {
        Node n = nodes.get(path);
        if (n == null) {
            n = new Node(true, -1, 0, null);
            nodes.put(path, n);
        }
        n.content = null;
        n.dirty = true;
        TreeSet<String> siblings = children.get(ZKPaths.getPathAndNode(path).getPath());
        if (siblings != null) {
            siblings.remove(Paths.name(path));
        }
    }

    /**
     * Writes a node unchanged, at the version read: a change that depends on the node's children (that
     * there are none, that a name is not among them) holds only if no writer changed them meanwhile, and
     * every writer of those children touches the node.
     */
    void touch(String path) {
        Node n = node(path);
        if (n.content == null) {
            throw new IllegalStateException(path + " does not exist");
        }
        n.dirty = true;
    }

    /** Whether this look changed anything. */
    boolean changed() {
        return nodes.values().stream().anyMatch(n -> n.dirty);
    }

    /** A node this look changes, with its content then (null: deleted). */
    record Written(String path, Map<String, Object> content) {}

    /** The nodes this look changes, parents before children where created, children first where deleted. */
    List<Written> written() {
        List<Written> creates = new ArrayList<>();
        List<Written> others = new ArrayList<>();
        List<Written> deletes = new ArrayList<>();
        nodes.forEach((path, n) -> {
            if (!n.dirty) {
                return;
            }
            if (n.content == null) {
                if (n.existed) {
                    deletes.add(new Written(path, null));
                }
            } else {
                (n.existed ? others : creates).add(new Written(path, n.content));
            }
        });
        Comparator<Written> depth = Comparator.comparingInt(w -> w.path().split("/").length);
        creates.sort(depth.thenComparing(Written::path));
        others.sort(Comparator.comparing(Written::path));
        deletes.sort(depth.reversed().thenComparing(Written::path));
        List<Written> all = new ArrayList<>(creates);
        all.addAll(others);
        all.addAll(deletes);
        return all;
    }

    /**
     * The operations that make the server's topology this look's: each created node with the ACL
     * {@code acl} gives it, each changed or deleted one at the version it was read at.
     */
    List<Op> ops(String namespace, NodeReader reader, BiFunction<String, Topology, List<ACL>> acl) {
        List<Op> ops = new ArrayList<>();
        for (Written w : written()) {
            String full = namespace == null || namespace.isEmpty() ? w.path() : ZKPaths.makePath(namespace, w.path());
            Node n = nodes.get(w.path());
            if (w.content() == null) {
                ops.add(Op.delete(full, n.version));
            } else if (n.existed) {
                ops.add(Op.setData(full, reader.bytes(w.path(), w.content()), n.version));
            } else {
                ops.add(Op.create(full, reader.bytes(w.path(), w.content()), acl.apply(w.path(), this), CreateMode.PERSISTENT));
            }
        }
        return ops;
    }

    // ---- the root

    int version() {
        Map<String, Object> root = content(TopologyLayout.ROOT);
        return root == null ? 0 : TopologyCodec.version(root);
    }

    /** The next unit number of each removed service's name: a name deployed again goes on from there. */
    Map<String, Integer> retiredSequences() {
        Map<String, Object> root = content(TopologyLayout.ROOT);
        return root == null ? Map.of() : TopologyCodec.retiredSequences(root);
    }

    // ---- machines

    /** The machines' keys, in order. */
    TreeSet<String> machineKeys() {
        return childrenOf(TopologyLayout.MACHINES);
    }

    boolean hasMachine(String machineKey) {
        return content(TopologyLayout.machine(machineKey)) != null;
    }

    void requireMachine(String machineKey) {
        if (!hasMachine(machineKey)) {
            throw new NoSuchMachineException(Paths.machineId(machineKey));
        }
    }

    /**
     * Whether no unit is placed on each of these machines, by machine key: their nodes read in one batch,
     * each one's children counted from its read, with this look's own changes.
     */
    Map<String, Boolean> machinesWithoutUnits(Collection<String> machineKeys) {
        load(machineKeys.stream().map(TopologyLayout::machine).toList());
        Map<String, Boolean> result = new LinkedHashMap<>();
        for (String key : machineKeys) {
            String path = TopologyLayout.machine(key);
            TreeSet<String> listed = children.get(path);
            int count = listed != null ? listed.size() : nodes.get(path).children;
            if (listed == null) {
                for (Map.Entry<String, Node> e : nodes.entrySet()) {
                    if (e.getValue().dirty && ZKPaths.getPathAndNode(e.getKey()).getPath().equals(path)) {
                        count += e.getValue().content == null ? (e.getValue().existed ? -1 : 0) : (e.getValue().existed ? 0 : 1);
                    }
                }
            }
            result.put(key, count == 0);
        }
        return result;
    }

    /** The ids of the principal units placed on the machine. */
    TreeSet<String> unitIdsOnMachine(String machineKey) {
        return childrenOf(TopologyLayout.machine(machineKey));
    }

    /** Principal units assigned to the machine, by name. */
    List<UnitName> unitsOnMachine(String machineKey) {
        List<UnitName> names = new ArrayList<>(unitNames(unitIdsOnMachine(machineKey)).values());
        names.sort(null);
        return names;
    }

    // ---- services

    /** Every service, by id. */
    TreeMap<String, ServiceEntry> services() {
        return decodedChildren(TopologyLayout.SERVICES, TopologyCodec::service);
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

    String serviceId(String name) {
        return findServiceId(name).orElseThrow(() -> new NoSuchServiceException(name));
    }

    Optional<ServiceEntry> findService(String serviceId) {
        String path = TopologyLayout.service(serviceId);
        Map<String, Object> c = content(path);
        return c == null ? Optional.empty() : Optional.of(TopologyCodec.service(path, c));
    }

    ServiceEntry service(String serviceId) {
        return findService(serviceId).orElseThrow(() -> new NoSuchServiceException(serviceId));
    }

    /** The numbers of the service's units, in order. */
    List<Integer> unitNumbers(String serviceId) {
        List<Integer> numbers = new ArrayList<>();
        for (String n : childrenOf(TopologyLayout.serviceUnits(serviceId))) {
            numbers.add(Integer.parseInt(n));
        }
        numbers.sort(null);
        return numbers;
    }

    /** The service's units, by unit id. */
    TreeMap<String, UnitEntry> unitsOf(String serviceId) {
        TreeMap<String, String> ids = decodedChildren(TopologyLayout.serviceUnits(serviceId), TopologyCodec::unitOfNumber);
        return units(ids.values());
    }

    /** The relations the service takes part in, by id. */
    TreeSet<String> relationsOfService(String serviceId) {
        return childrenOf(TopologyLayout.serviceRelations(serviceId));
    }

    // ---- units

    Optional<UnitEntry> findUnit(String unitId) {
        String path = TopologyLayout.unit(unitId);
        Map<String, Object> c = content(path);
        return c == null ? Optional.empty() : Optional.of(TopologyCodec.unit(path, c));
    }

    UnitEntry unit(String unitId) {
        return findUnit(unitId).orElseThrow(() -> new NoSuchUnitException(unitId));
    }

    /** The units of the given ids that exist, by id; read in one batch. */
    TreeMap<String, UnitEntry> units(Collection<String> unitIds) {
        load(unitIds.stream().map(TopologyLayout::unit).toList());
        TreeMap<String, UnitEntry> result = new TreeMap<>();
        for (String id : unitIds) {
            findUnit(id).ifPresent(u -> result.put(id, u));
        }
        return result;
    }

    /** Every unit, by id. */
    TreeMap<String, UnitEntry> units() {
        return units(childrenOf(TopologyLayout.UNITS));
    }

    /**
     * Reads, in one batch with {@code also}, what looking these units up by name needs when this connection
     * knows their services' ids: the services (to check the ids still name them) and their unit-number
     * entries. A lookup then costs no further request; one whose service id is not known reads as before.
     */
    void prefetchNames(Collection<UnitName> names, Collection<String> also) {
        List<String> paths = new ArrayList<>(also);
        for (UnitName name : names) {
            String serviceId = knownServiceIds.get(name.service());
            if (serviceId != null) {
                paths.add(TopologyLayout.service(serviceId));
                paths.add(TopologyLayout.serviceUnit(serviceId, name.number()));
            }
        }
        load(paths);
    }

    String unitId(UnitName name) {
        String id = unitIds(List.of(name)).get(name);
        if (id == null) {
            throw new NoSuchUnitException(name.toString());
        }
        return id;
    }

    /** The service id owning a unit id. */
    String serviceOfUnit(String unitId) {
        return unit(unitId).service();
    }

    UnitName unitName(String unitId) {
        UnitEntry u = unit(unitId);
        return new UnitName(service(u.service()).name(), u.sequence());
    }

    /** The names of the units of the given ids that exist, by id. */
    Map<String, UnitName> unitNames(Collection<String> unitIds) {
        TreeMap<String, UnitEntry> units = units(unitIds);
        load(units.values().stream().map(u -> TopologyLayout.service(u.service())).distinct().toList());
        Map<String, UnitName> names = new TreeMap<>();
        units.forEach((id, u) -> names.put(id, new UnitName(service(u.service()).name(), u.sequence())));
        return names;
    }

    /** Every unit's name, by unit id. */
    Map<String, UnitName> unitNames() {
        return unitNames(childrenOf(TopologyLayout.UNITS));
    }

    /** The ids of the named units that exist, by name: their services' unit-number entries in one batch. */
    Map<UnitName, String> unitIds(Collection<UnitName> names) {
        prefetchNames(names, List.of());
        Map<UnitName, String> entries = new LinkedHashMap<>();
        for (UnitName name : names) {
            findServiceId(name.service())
                    .ifPresent(id -> entries.put(name, TopologyLayout.serviceUnit(id, name.number())));
        }
        load(entries.values());
        Map<UnitName, String> ids = new LinkedHashMap<>();
        entries.forEach((name, path) -> {
            Map<String, Object> c = content(path);
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
    List<String> subordinatesOf(Collection<String> unitIds) {
        load(unitIds.stream().map(TopologyLayout::unit).toList());
        List<String> result = new ArrayList<>();
        for (String id : unitIds) {
            Node n = node(TopologyLayout.unit(id));
            if (n.existed && n.children > 0) {
                result.addAll(subordinatesOf(id));
            }
        }
        return result;
    }

    /**
     * The containers of the named units that exist, by name (a principal is its own): their services'
     * unit-number entries, the units, then their containers, each step one batch.
     */
    Map<UnitName, UnitName> containers(Collection<UnitName> names) {
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
    TreeSet<String> subordinatesOf(String unitId) {
        return childrenOf(TopologyLayout.unit(unitId));
    }

    // ---- relations

    /** Every relation, by id. */
    TreeMap<String, RelationEntry> relations() {
        return decodedChildren(TopologyLayout.RELATIONS, TopologyCodec::relation);
    }

    Optional<RelationEntry> findRelation(String relationId) {
        String path = TopologyLayout.relation(relationId);
        Map<String, Object> c = content(path);
        return c == null ? Optional.empty() : Optional.of(TopologyCodec.relation(path, c));
    }

    RelationEntry relation(String relationId) {
        return findRelation(relationId).orElseThrow(() -> new NoSuchRelationException(relationId));
    }

    /** The given relations that exist, by id; read in one batch. */
    TreeMap<String, RelationEntry> relations(Collection<String> relationIds) {
        load(relationIds.stream().map(TopologyLayout::relation).toList());
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
