package jujube.charm;

import jujube.charm.internal.MetadataParser;
import jujube.model.RelationRole;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A charm's {@code metadata.yaml}, validated. Instances come from {@link CharmReader}, which enforces
 * juju's rules (required keys, names, no {@code juju-} provides, a container-scoped requirer for
 * subordinates); the endpoint maps keep the order of the file.
 *
 * @param name the charm name, as in its URL
 * @param summary one line about the charm
 * @param description the long description
 * @param subordinate whether units of this charm live inside a principal unit's container
 * @param provides server endpoints by relation name
 * @param requires client endpoints by relation name
 * @param peers peer endpoints by relation name
 * @param legacyRevision the obsolete {@code revision} key of {@code metadata.yaml}, used only when the charm
 *     has no {@code revision} file
 */
public record CharmMetadata(
        String name,
        String summary,
        String description,
        boolean subordinate,
        Map<String, RelationEndpointSpec> provides,
        Map<String, RelationEndpointSpec> requires,
        Map<String, RelationEndpointSpec> peers,
        OptionalInt legacyRevision) {

    public CharmMetadata {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(summary, "summary");
        Objects.requireNonNull(description, "description");
        provides = ordered(provides);
        requires = ordered(requires);
        peers = ordered(peers);
        Objects.requireNonNull(legacyRevision, "legacyRevision");
    }

    private static Map<String, RelationEndpointSpec> ordered(Map<String, RelationEndpointSpec> endpoints) {
        return Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(endpoints)));
    }

    /** The declared endpoints: provides, then requires, then peers, each in file order. */
    public List<RelationEndpointSpec> endpoints() {
        List<RelationEndpointSpec> all = new ArrayList<>(provides.values());
        all.addAll(requires.values());
        all.addAll(peers.values());
        return List.copyOf(all);
    }

    /**
     * The declared endpoints followed by the implicit {@code juju-info} endpoint every service provides.
     * It comes last so that, when callers take the first match, an explicit relation wins over it.
     */
    public List<RelationEndpointSpec> endpointsWithImplicit() {
        List<RelationEndpointSpec> all = new ArrayList<>(endpoints());
        all.add(RelationEndpointSpec.jujuInfo());
        return List.copyOf(all);
    }

    /** The endpoint with this relation name, the implicit {@code juju-info} included. */
    public Optional<RelationEndpointSpec> endpoint(String relationName) {
        return endpointsWithImplicit().stream().filter(e -> e.name().equals(relationName)).findFirst();
    }

    /** The canonical {@code metadata.yaml} content (endpoints expanded), as {@link CharmReader} reads it back. */
    public Map<String, Object> toMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("name", name);
        map.put("summary", summary);
        map.put("description", description);
        if (subordinate) {
            map.put("subordinate", true);
        }
        putSection(map, RelationRole.SERVER, provides);
        putSection(map, RelationRole.CLIENT, requires);
        putSection(map, RelationRole.PEER, peers);
        legacyRevision.ifPresent(revision -> map.put("revision", revision));
        map.put(MetadataParser.DECLARED_LIMITS, true);
        return map;
    }

    private static void putSection(Map<String, Object> map, RelationRole role, Map<String, RelationEndpointSpec> endpoints) {
        if (!endpoints.isEmpty()) {
            Map<String, Object> section = new LinkedHashMap<>();
            endpoints.forEach((relation, spec) -> section.put(relation, spec.toMap()));
            map.put(role.section(), section);
        }
    }
}
