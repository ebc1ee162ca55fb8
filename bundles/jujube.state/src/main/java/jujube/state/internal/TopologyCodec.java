package jujube.state.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import jujube.state.RelationRole;
import jujube.state.RelationScope;
import jujube.state.internal.TopologyEntries.EndpointEntry;
import jujube.state.internal.TopologyEntries.RelationEntry;
import jujube.state.internal.TopologyEntries.ServiceEntry;
import jujube.state.internal.TopologyEntries.UnitEntry;

/** Turns the YAML map of a version-2 {@code /topology} into a {@link Topology} and back, validating as it reads. */
final class TopologyCodec {
    private TopologyCodec() {}

    /** The stored version; a topology without one predates versioning, which is version 1. */
    static int version(Map<String, Object> raw) {
        Object v = raw.get("version");
        return v == null ? 1 : new Fields(Paths.TOPOLOGY).integer(v, "version");
    }

    static Topology decode(Map<String, Object> raw) {
        Fields f = new Fields(Paths.TOPOLOGY);
        Topology t = new Topology();
        f.map(raw.get("machines"), "machines").forEach((key, value) -> {
            if (!Paths.isMachineKey(key)) {
                throw f.corrupt("machine key '" + key + "' is not machine-NNNNNNNNNN");
            }
            t.machines.put(key, f.map(value, "machines." + key));
        });
        f.map(raw.get("services"), "services").forEach((sid, value) -> {
            String where = "services." + sid;
            Map<String, Object> s = f.map(value, where);
            TreeMap<String, UnitEntry> units = new TreeMap<>();
            f.map(s.get("units"), where + ".units").forEach((uid, u) -> {
                Map<String, Object> unit = f.map(u, where + ".units." + uid);
                String uw = where + ".units." + uid;
                units.put(uid, new UnitEntry(f.integer(unit.get("sequence"), uw + ".sequence"),
                        f.optionalString(unit.get("machine"), uw + ".machine"),
                        f.optionalString(unit.get("container"), uw + ".container")));
            });
            t.services.put(sid, new ServiceEntry(f.string(s.get("name"), where + ".name"), units));
        });
        f.map(raw.get("unit-sequence"), "unit-sequence")
                .forEach((name, n) -> t.unitSequence.put(name, f.integer(n, "unit-sequence." + name)));
        f.map(raw.get("relations"), "relations").forEach((rid, value) -> {
            String where = "relations." + rid;
            Map<String, Object> r = f.map(value, where);
            String scopeKey = f.string(r.get("scope"), where + ".scope");
            RelationScope scope = RelationScope.fromKey(scopeKey);
            if (scope == null) {
                throw f.corrupt("'" + where + ".scope' is '" + scopeKey + "', not global or container");
            }
            Map<String, EndpointEntry> endpoints = new TreeMap<>();
            f.map(r.get("services"), where + ".services").forEach((sid, e) -> {
                String ew = where + ".services." + sid;
                Map<String, Object> endpoint = f.map(e, ew);
                String roleKey = f.string(endpoint.get("role"), ew + ".role");
                RelationRole role = RelationRole.fromKey(roleKey);
                if (role == null) {
                    throw f.corrupt("'" + ew + ".role' is '" + roleKey + "', not client, server or peer");
                }
                endpoints.put(sid, new EndpointEntry(f.string(endpoint.get("name"), ew + ".name"), role));
            });
            t.relations.put(rid, new RelationEntry(f.string(r.get("interface"), where + ".interface"), scope, endpoints));
        });
        return t;
    }

    static Map<String, Object> encode(Topology t) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("version", Topology.VERSION);
        out.put("machines", new TreeMap<>(t.machines));
        Map<String, Object> services = new TreeMap<>();
        t.services.forEach((sid, s) -> {
            Map<String, Object> units = new TreeMap<>();
            s.units().forEach((uid, u) -> {
                Map<String, Object> unit = new LinkedHashMap<>();
                unit.put("sequence", u.sequence());
                if (u.machine() != null) {
                    unit.put("machine", u.machine());
                }
                if (u.container() != null) {
                    unit.put("container", u.container());
                }
                units.put(uid, unit);
            });
            Map<String, Object> service = new LinkedHashMap<>();
            service.put("name", s.name());
            service.put("units", units);
            services.put(sid, service);
        });
        out.put("services", services);
        out.put("unit-sequence", new TreeMap<>(t.unitSequence));
        Map<String, Object> relations = new TreeMap<>();
        t.relations.forEach((rid, r) -> {
            Map<String, Object> endpoints = new TreeMap<>();
            r.services().forEach((sid, e) -> endpoints.put(sid, Map.of("name", e.name(), "role", e.role().key())));
            Map<String, Object> relation = new LinkedHashMap<>();
            relation.put("interface", r.interfaceName());
            relation.put("scope", r.scope().key());
            relation.put("services", endpoints);
            relations.put(rid, relation);
        });
        out.put("relations", relations);
        return out;
    }
}
