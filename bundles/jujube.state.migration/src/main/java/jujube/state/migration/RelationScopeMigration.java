package jujube.state.migration;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jujube.state.CorruptStateException;
import jujube.state.TopologyMigration;
import org.osgi.service.component.annotations.Component;

/**
 * Topology version 1 to 2 (seed 004): each relation, a two-item list
 * {@code [interface, {service-id: {name, role}}]}, becomes {@code {interface, scope: global, services}}
 * under its own relation id. Everything else is copied untouched. A relation already in the version-2
 * form is kept as it is, so running the step twice gives the same result.
 */
@Component(service = TopologyMigration.class, property = "jujube.topology.migration.from:Integer=1")
public final class RelationScopeMigration implements TopologyMigration {
    private static final String NODE = "/topology";

    /** Public no-argument constructor: {@link java.util.ServiceLoader} makes it on the plain class path. */
    public RelationScopeMigration() {}

    @Override
    public int fromVersion() {
        return 1;
    }

    @Override
    public Map<String, Object> migrate(Map<String, Object> topology) {
        Map<String, Object> result = new LinkedHashMap<>(topology);
        Object relations = topology.get("relations");
        if (relations != null && !(relations instanceof Map)) {
            throw new CorruptStateException(NODE, "'relations' is not a map in the version-1 topology");
        }
        Map<String, Object> migrated = new LinkedHashMap<>();
        if (relations instanceof Map<?, ?> byId) {
            byId.forEach((id, relation) -> migrated.put(String.valueOf(id), migrate(String.valueOf(id), relation)));
        }
        result.put("relations", migrated);
        result.put("version", 2);
        return result;
    }

    private static Object migrate(String id, Object relation) {
        if (relation instanceof Map<?, ?> already && already.containsKey("interface")) {
            return relation;
        }
        if (!(relation instanceof List<?> pair) || pair.size() != 2 || !(pair.get(0) instanceof String iface)
                || !(pair.get(1) instanceof Map<?, ?> services)) {
            throw new CorruptStateException(NODE, "'relations." + id
                    + "' is neither [interface, {service-id: {name, role}}] nor a version-2 relation");
        }
        Map<String, Object> endpoints = new LinkedHashMap<>();
        services.forEach((sid, endpoint) -> {
            if (!(endpoint instanceof Map<?, ?> e) || !(e.get("name") instanceof String) || !(e.get("role") instanceof String)) {
                throw new CorruptStateException(NODE, "'relations." + id + "' service " + sid + " lacks a name or role");
            }
            endpoints.put(String.valueOf(sid), Map.of("name", e.get("name"), "role", e.get("role")));
        });
        Map<String, Object> v2 = new LinkedHashMap<>();
        v2.put("interface", iface);
        v2.put("scope", "global");
        v2.put("services", endpoints);
        return v2;
    }
}
