package jujube.charm.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Pattern;
import jujube.charm.CharmMetadata;
import jujube.charm.CharmUrl;
import jujube.charm.RelationEndpointSpec;
import jujube.model.RelationRole;
import jujube.model.RelationScope;

/**
 * Reads a charm's parsed metadata ({@code metadata.yaml}, or {@code charmcraft.yaml} holding it) into
 * {@link CharmMetadata}, enforcing juju's rules for charms.
 */
public final class MetadataParser {
    public static final String FILE = "metadata.yaml";
    /** charmcraft's project file, which holds the metadata of a charm without {@code metadata.yaml}. */
    public static final String CHARMCRAFT_FILE = "charmcraft.yaml";

    /**
     * The metadata read from a charm's file, and the keys it holds that Jujube accepts without acting on.
     *
     * @param ignored keys not implemented (or unknown, marked so), in file order
     */
    public record FromFile(CharmMetadata metadata, List<String> ignored) {
        public FromFile {
            ignored = List.copyOf(ignored);
        }
    }

    private static final Pattern RELATION_NAME = Pattern.compile("[a-z][a-z0-9]*([_-][a-z0-9]+)*");
    private static final Set<String> ENDPOINT_KEYS = Set.of("interface", "limit", "scope", "optional");
    private static final String RESERVED_PREFIX = "juju-";
    /**
     * The key {@link CharmMetadata#toMap()} writes to say that each endpoint's limit is the one its charm
     * declared. Metadata kept without it holds, on every requires and peers endpoint that declared none,
     * the limit of 1 the original juju filled in and never held: read back, that limit is dropped.
     */
    public static final String DECLARED_LIMITS = "declared-limits";

    /**
     * Reads the metadata of a charm's {@code file}: a charm needing Kubernetes is refused, and what Jujube
     * does not implement is listed.
     */
    public FromFile parseFile(String charm, String file, JsonNode tree) {
        YamlFields yaml = new YamlFields(charm, file);
        ObjectNode root = yaml.root(tree, false).orElseThrow();
        if (file.equals(CHARMCRAFT_FILE)) {
            String type = yaml.optionalString(root, "", "type").orElse("charm");
            if (!type.equals("charm")) {
                throw yaml.problem("type", "is \"" + type + "\": only charms deploy this way");
            }
        }
        MetadataKeys.refuseKubernetes(yaml, root);
        return new FromFile(parse(yaml, root), MetadataKeys.ignored(root));
    }

    /** Reads metadata as Jujube keeps it ({@link CharmMetadata#toMap()}). */
    public CharmMetadata parse(String charm, JsonNode tree) {
        YamlFields yaml = new YamlFields(charm, FILE);
        ObjectNode root = yaml.root(tree, false).orElseThrow();
        CharmMetadata metadata = parse(yaml, root);
        return root.path(DECLARED_LIMITS).asBoolean(false) ? metadata : withoutFilledInLimits(metadata);
    }

    /** {@code metadata} without the limit of 1 the original filled in on requires and peers endpoints. */
    private static CharmMetadata withoutFilledInLimits(CharmMetadata metadata) {
        return new CharmMetadata(metadata.name(), metadata.summary(), metadata.description(), metadata.subordinate(),
                metadata.provides(), withoutLimitOfOne(metadata.requires()), withoutLimitOfOne(metadata.peers()),
                metadata.legacyRevision());
    }

    private static Map<String, RelationEndpointSpec> withoutLimitOfOne(Map<String, RelationEndpointSpec> endpoints) {
        Map<String, RelationEndpointSpec> kept = new LinkedHashMap<>();
        endpoints.forEach((name, e) -> kept.put(name, e.limit().equals(OptionalInt.of(1))
                ? new RelationEndpointSpec(e.name(), e.interfaceName(), e.role(), OptionalInt.empty(), e.scope(), e.optional())
                : e));
        return kept;
    }

    private CharmMetadata parse(YamlFields yaml, ObjectNode root) {
        String name = yaml.requiredString(root, "", "name");
        if (!CharmUrl.isValidName(name)) {
            throw yaml.problem("name", "\"" + name + "\" is not a valid charm name (lower-case letters and digits in dash-separated words, not ending in a number)");
        }
        String summary = yaml.requiredString(root, "", "summary");
        String description = yaml.requiredString(root, "", "description");
        boolean subordinate = yaml.optionalBoolean(root, "", "subordinate", false);
        OptionalInt legacyRevision = yaml.optionalCount(root, "", "revision", OptionalInt.empty(), false);

        Map<String, RelationRole> seen = new LinkedHashMap<>();
        // no endpoint has a limit it does not declare, as in Go juju 3's charm library: the original's implicit
        // limit of 1 on requires and peers was never held, and Jujube holds a declared one (RelationLimits)
        Map<String, RelationEndpointSpec> provides = section(yaml, root, RelationRole.SERVER, OptionalInt.empty(), seen);
        Map<String, RelationEndpointSpec> requires = section(yaml, root, RelationRole.CLIENT, OptionalInt.empty(), seen);
        Map<String, RelationEndpointSpec> peers = section(yaml, root, RelationRole.PEER, OptionalInt.empty(), seen);

        if (subordinate && requires.values().stream().noneMatch(e -> e.scope() == RelationScope.CONTAINER)) {
            throw yaml.problem("subordinate", "is true but the charm has no requires relation with scope: container");
        }
        return new CharmMetadata(name, summary, description, subordinate, provides, requires, peers, legacyRevision);
    }

    private Map<String, RelationEndpointSpec> section(
            YamlFields yaml, ObjectNode root, RelationRole role, OptionalInt defaultLimit, Map<String, RelationRole> seen) {
        Map<String, RelationEndpointSpec> endpoints = new LinkedHashMap<>();
        Optional<ObjectNode> section = yaml.optionalMapping(root, "", role.section());
        if (section.isEmpty()) {
            return endpoints;
        }
        for (Map.Entry<String, JsonNode> entry : yaml.entries(section.get())) {
            String relation = entry.getKey();
            String path = role.section() + "." + relation;
            if (!RELATION_NAME.matcher(relation).matches()) {
                throw yaml.problem(path, "is not a valid relation name (lower-case words joined by - or _)");
            }
            RelationRole earlier = seen.putIfAbsent(relation, role);
            if (earlier != null) {
                throw yaml.problem(path, "duplicates the relation name already declared under " + earlier.section());
            }
            RelationEndpointSpec spec = endpoint(yaml, path, relation, entry.getValue(), role, defaultLimit);
            if (role != RelationRole.CLIENT && (relation.startsWith(RESERVED_PREFIX) || spec.interfaceName().startsWith(RESERVED_PREFIX))) {
                throw yaml.problem(path, "uses the reserved juju- prefix (juju-info is provided implicitly; a charm may only require juju- relations)");
            }
            endpoints.put(relation, spec);
        }
        return endpoints;
    }

    private RelationEndpointSpec endpoint(
            YamlFields yaml, String path, String relation, JsonNode value, RelationRole role, OptionalInt defaultLimit) {
        if (value.isTextual()) {
            return new RelationEndpointSpec(relation, interfaceName(yaml, path, value.textValue()), role, defaultLimit, RelationScope.GLOBAL, false);
        }
        if (!value.isObject()) {
            throw yaml.problem(path, "must be an interface name or a mapping with interface, limit, scope, optional; got " + YamlFields.describe(value));
        }
        ObjectNode spec = (ObjectNode) value;
        yaml.onlyKeys(spec, path, ENDPOINT_KEYS);
        String interfaceName = interfaceName(yaml, path + ".interface", yaml.requiredString(spec, path, "interface"));
        OptionalInt limit = yaml.optionalCount(spec, path, "limit", defaultLimit, true);
        RelationScope scope = yaml.optionalString(spec, path, "scope")
                .map(label -> RelationScope.fromKey(label).orElseThrow(
                        () -> yaml.problem(path + ".scope", "must be global or container, got \"" + label + "\"")))
                .orElse(RelationScope.GLOBAL);
        boolean optional = yaml.optionalBoolean(spec, path, "optional", false);
        return new RelationEndpointSpec(relation, interfaceName, role, limit, scope, optional);
    }

    private static String interfaceName(YamlFields yaml, String path, String name) {
        if (!RELATION_NAME.matcher(name).matches()) {
            throw yaml.problem(path, "\"" + name + "\" is not a valid interface name (lower-case words joined by - or _)");
        }
        return name;
    }
}
