package jujube.state.store;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.state.store.TopologyEntries.EndpointEntry;
import jujube.state.store.TopologyEntries.RelationEntry;
import jujube.state.store.TopologyEntries.ServiceEntry;
import jujube.state.store.TopologyEntries.UnitEntry;

/** The content of each node of a version-3 topology ({@link TopologyLayout}), validated as it is read. */
final class TopologyCodec {
    static final String UNIT_SEQUENCE = "unit-sequence";

    private TopologyCodec() {}

    /** The stored version of a root's content; a topology without one predates versioning, which is version 1. */
    static int version(Map<String, Object> root) {
        Object v = root.get("version");
        return v == null ? 1 : new Fields(Paths.TOPOLOGY).integer(v, "version");
    }

    /** The next unit numbers of the names of removed services, from the root's content. */
    static Map<String, Integer> retiredSequences(Map<String, Object> root) {
        Fields f = new Fields(Paths.TOPOLOGY);
        Map<String, Integer> result = new TreeMap<>();
        Object raw = root.get(UNIT_SEQUENCE);
        if (raw != null) {
            f.map(raw, UNIT_SEQUENCE).forEach((name, n) -> result.put(name, f.integer(n, UNIT_SEQUENCE + "." + name)));
        }
        return result;
    }

    static Map<String, Object> root(Map<String, Integer> retiredSequences) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("version", Topology.VERSION);
        out.put(UNIT_SEQUENCE, new TreeMap<>(retiredSequences));
        return out;
    }

    static ServiceEntry service(String path, Map<String, Object> content) {
        Fields f = new Fields(path);
        return new ServiceEntry(f.string(content.get("name"), "name"), f.integer(content.get(UNIT_SEQUENCE), UNIT_SEQUENCE));
    }

    static Map<String, Object> service(ServiceEntry s) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", s.name());
        out.put(UNIT_SEQUENCE, s.unitSequence());
        return out;
    }

    static UnitEntry unit(String path, Map<String, Object> content) {
        Fields f = new Fields(path);
        return new UnitEntry(f.string(content.get("service"), "service"), f.integer(content.get("sequence"), "sequence"),
                f.optionalString(content.get("machine"), "machine"), f.optionalString(content.get("container"), "container"));
    }

    static Map<String, Object> unit(UnitEntry u) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("service", u.service());
        out.put("sequence", u.sequence());
        if (u.machine() != null) {
            out.put("machine", u.machine());
        }
        if (u.container() != null) {
            out.put("container", u.container());
        }
        return out;
    }

    /** The unit id a service's unit-number node names. */
    static String unitOfNumber(String path, Map<String, Object> content) {
        return new Fields(path).string(content.get("unit"), "unit");
    }

    static Map<String, Object> unitOfNumber(String unitId) {
        return Map.of("unit", unitId);
    }

    static RelationEntry relation(String path, Map<String, Object> r) {
        Fields f = new Fields(path);
        String scopeKey = f.string(r.get("scope"), "scope");
        RelationScope scope = RelationScope.fromKey(scopeKey).orElseThrow(
                () -> f.corrupt("'scope' is '" + scopeKey + "', not global or container"));
        Map<String, EndpointEntry> endpoints = new TreeMap<>();
        f.map(r.get("services"), "services").forEach((sid, e) -> {
            String ew = "services." + sid;
            Map<String, Object> endpoint = f.map(e, ew);
            String roleKey = f.string(endpoint.get("role"), ew + ".role");
            RelationRole role = RelationRole.fromKey(roleKey).orElseThrow(
                    () -> f.corrupt("'" + ew + ".role' is '" + roleKey + "', not client, server or peer"));
            endpoints.put(sid, new EndpointEntry(f.string(endpoint.get("name"), ew + ".name"), role));
        });
        return new RelationEntry(f.string(r.get("interface"), "interface"), scope, endpoints);
    }

    static Map<String, Object> relation(RelationEntry r) {
        Map<String, Object> endpoints = new TreeMap<>();
        r.services().forEach((sid, e) -> endpoints.put(sid, Map.of("name", e.name(), "role", e.role().key())));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("interface", r.interfaceName());
        out.put("scope", r.scope().key());
        out.put("services", endpoints);
        return out;
    }
}
