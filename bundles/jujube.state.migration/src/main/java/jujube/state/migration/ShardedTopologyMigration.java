package jujube.state.migration;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import jujube.state.CorruptStateException;
import jujube.state.TopologyMigration;
import org.osgi.service.component.annotations.Component;

/**
 * Topology version 2 to 3: the one {@code /topology} document becomes a node per machine, service, unit
 * and relation, with index nodes beside them (the layout {@code jujube.state} documents in its
 * {@code TopologyLayout}). The result is {@code {version: 3, nodes: {path: content}}}, every node's
 * content by its path; the state connection stores it, root last. What a version-2 topology holds maps
 * one to one:
 *
 * <ul>
 *   <li>each machine to {@code /topology/machines/KEY}, a child per principal unit placed there;
 *   <li>each service to {@code /topology/services/ID} (name, next unit number), with {@code units/N}
 *       naming unit number N's id and {@code relations/RELATION} for each relation it takes part in;
 *   <li>each unit to {@code /topology/units/ID} (service, number, machine, container), a child per
 *       subordinate in its container;
 *   <li>each relation to {@code /topology/relations/ID}, as it was;
 *   <li>the unit sequences of names no service has any more to the root's {@code unit-sequence}.
 * </ul>
 *
 * A pure function of its argument: running it twice gives the same nodes.
 */
@Component(service = TopologyMigration.class, property = "jujube.topology.migration.from:Integer=2")
public final class ShardedTopologyMigration implements TopologyMigration {
    private static final String NODE = "/topology";
    private static final String ROOT = "/topology";

    /** Public no-argument constructor: {@link java.util.ServiceLoader} makes it on the plain class path. */
    public ShardedTopologyMigration() {}

    @Override
    public int fromVersion() {
        return 2;
    }

    @Override
    public Map<String, Object> migrate(Map<String, Object> topology) {
        Map<String, Map<String, Object>> nodes = new TreeMap<>();
        for (String index : new String[] {"machines", "services", "units", "relations"}) {
            nodes.put(ROOT + "/" + index, new LinkedHashMap<>());
        }
        map(topology.get("machines"), "machines").forEach((key, content) ->
                nodes.put(ROOT + "/machines/" + key, new LinkedHashMap<>(map(content, "machines." + key))));
        Map<String, Object> sequences = new TreeMap<>(map(topology.get("unit-sequence"), "unit-sequence"));
        map(topology.get("services"), "services").forEach((sid, value) -> {
            String where = "services." + sid;
            Map<String, Object> service = map(value, where);
            String name = string(service.get("name"), where + ".name");
            Map<String, Object> units = map(service.get("units"), where + ".units");
            int next = sequences.containsKey(name) ? integer(sequences.remove(name), "unit-sequence." + name) : 0;
            String servicePath = ROOT + "/services/" + sid;
            nodes.put(servicePath + "/units", new LinkedHashMap<>());
            nodes.put(servicePath + "/relations", new LinkedHashMap<>());
            for (Map.Entry<String, Object> u : units.entrySet()) {
                String uw = where + ".units." + u.getKey();
                Map<String, Object> unit = map(u.getValue(), uw);
                int sequence = integer(unit.get("sequence"), uw + ".sequence");
                next = Math.max(next, sequence + 1);
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("service", sid);
                entry.put("sequence", sequence);
                Object machine = unit.get("machine");
                Object container = unit.get("container");
                if (machine != null) {
                    entry.put("machine", string(machine, uw + ".machine"));
                    nodes.put(ROOT + "/machines/" + machine + "/" + u.getKey(), new LinkedHashMap<>());
                }
                if (container != null) {
                    entry.put("container", string(container, uw + ".container"));
                    nodes.put(ROOT + "/units/" + container + "/" + u.getKey(), new LinkedHashMap<>());
                }
                nodes.put(ROOT + "/units/" + u.getKey(), entry);
                nodes.put(servicePath + "/units/" + sequence, new LinkedHashMap<>(Map.of("unit", u.getKey())));
            }
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("name", name);
            entry.put("unit-sequence", next);
            nodes.put(servicePath, entry);
        });
        map(topology.get("relations"), "relations").forEach((rid, value) -> {
            Map<String, Object> relation = map(value, "relations." + rid);
            nodes.put(ROOT + "/relations/" + rid, new LinkedHashMap<>(relation));
            map(relation.get("services"), "relations." + rid + ".services").keySet().forEach(sid ->
                    nodes.put(ROOT + "/services/" + sid + "/relations/" + rid, new LinkedHashMap<>()));
        });
        for (String path : nodes.keySet()) {
            String parent = path.substring(0, path.lastIndexOf('/'));
            if (!parent.equals(ROOT) && !nodes.containsKey(parent)) {
                throw new CorruptStateException(NODE, "the version-2 topology names " + parent.substring(ROOT.length() + 1)
                        + ", which it does not hold (" + path.substring(ROOT.length() + 1) + ")");
            }
        }
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("version", 3);
        root.put("unit-sequence", sequences);
        nodes.put(ROOT, root);
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("version", 3);
        result.put("nodes", nodes);
        return result;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value, String where) {
        if (value == null) {
            return Map.of();
        }
        if (!(value instanceof Map<?, ?>)) {
            throw new CorruptStateException(NODE, "'" + where + "' is not a map in the version-2 topology");
        }
        return (Map<String, Object>) value;
    }

    private static String string(Object value, String where) {
        if (!(value instanceof String s)) {
            throw new CorruptStateException(NODE, "'" + where + "' is not a string in the version-2 topology");
        }
        return s;
    }

    private static int integer(Object value, String where) {
        if (!(value instanceof Number n)) {
            throw new CorruptStateException(NODE, "'" + where + "' is not a number in the version-2 topology");
        }
        return n.intValue();
    }
}
