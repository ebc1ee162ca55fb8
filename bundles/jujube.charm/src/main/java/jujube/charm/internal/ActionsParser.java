package jujube.charm.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import jujube.charm.ActionSpec;
import jujube.charm.CharmActions;

/**
 * Reads a parsed {@code actions.yaml} (or {@code charmcraft.yaml}'s {@code actions}) into
 * {@link CharmActions}, with Go juju's rules: names of lower-case words joined by hyphens, none starting
 * with {@code juju-} (its own), each action a mapping whose {@code params} are JSON Schemas. A schema may not
 * use {@code $}-keywords ({@code $ref}, {@code $schema}, {@code $id} ...): Go juju does not support them,
 * and a reference would make validating parameters fetch documents from elsewhere.
 */
public final class ActionsParser {
    public static final String FILE = "actions.yaml";
    private static final Pattern ACTION_NAME = Pattern.compile("[a-z](?:[a-z0-9-]*[a-z0-9])?");
    private static final ObjectMapper PLAIN = new ObjectMapper();

    public CharmActions parse(String charm, String file, JsonNode tree, int maxNameLength) {
        YamlFields yaml = new YamlFields(charm, file);
        Optional<ObjectNode> root = yaml.root(tree, true);
        if (root.isEmpty()) {
            return CharmActions.empty();
        }
        Map<String, ActionSpec> actions = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : yaml.entries(root.get())) {
            String name = entry.getKey();
            if (!ACTION_NAME.matcher(name).matches()) {
                throw yaml.problem(name, "is not a valid action name (lower-case letters, digits and '-')");
            }
            if (name.length() > maxNameLength) {
                throw yaml.problem(name, "is longer than " + maxNameLength + " characters");
            }
            if (name.startsWith("juju-")) {
                throw yaml.problem(name, "uses the prefix juju-, which is juju's own");
            }
            actions.put(name, action(yaml, name, entry.getValue()));
        }
        return new CharmActions(actions);
    }

    private ActionSpec action(YamlFields yaml, String name, JsonNode value) {
        if (value == null || value.isNull()) {
            return new ActionSpec(name, "", Map.of(), List.of(), true, false, "");
        }
        ObjectNode spec = yaml.mapping(value, name);
        String description = spec.hasNonNull("description") ? yaml.string(spec.get("description"), name + ".description") : "";
        Map<String, Object> params = new LinkedHashMap<>();
        Optional<ObjectNode> declared = yaml.optionalMapping(spec, name, "params");
        if (declared.isPresent()) {
            for (Map.Entry<String, JsonNode> param : yaml.entries(declared.get())) {
                String path = name + ".params." + param.getKey();
                ObjectNode schema = yaml.mapping(param.getValue(), path);
                noReferences(yaml, path, schema);
                params.put(param.getKey(), PLAIN.convertValue(schema, Map.class));
            }
        }
        List<String> required = new ArrayList<>();
        JsonNode requiredNode = spec.get("required");
        if (requiredNode != null && !requiredNode.isNull()) {
            if (!requiredNode.isArray()) {
                throw yaml.problem(name + ".required", "must be a list of parameter names, got " + YamlFields.describe(requiredNode));
            }
            for (JsonNode item : requiredNode) {
                required.add(yaml.string(item, name + ".required[]"));
            }
        }
        boolean additional = yaml.optionalBoolean(spec, name, "additionalProperties", true);
        boolean parallel = yaml.optionalBoolean(spec, name, "parallel", false);
        String group = spec.hasNonNull("execution-group") ? yaml.string(spec.get("execution-group"), name + ".execution-group") : "";
        return new ActionSpec(name, description, params, required, additional, parallel, group);
    }

    private static void noReferences(YamlFields yaml, String path, JsonNode schema) {
        if (schema.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = schema.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (field.getKey().startsWith("$")) {
                    throw yaml.problem(YamlFields.join(path, field.getKey()), "is not supported in an action's"
                            + " parameters (no $-keywords: $ref, $schema, $id ...)");
                }
                noReferences(yaml, YamlFields.join(path, field.getKey()), field.getValue());
            }
        } else if (schema.isArray()) {
            for (JsonNode item : schema) {
                noReferences(yaml, path + "[]", item);
            }
        }
    }
}
