package jujube.charm.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import jujube.charm.CharmConfig;
import jujube.charm.ConfigOption;
import jujube.charm.ConfigType;

/** Reads a parsed {@code config.yaml} into {@link CharmConfig}, validating each default against its type. */
public final class ConfigParser {
    public static final String FILE = "config.yaml";

    // Names end up on the command line as name=value, so "=" and blanks cannot be part of them.
    private static final Pattern OPTION_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");
    private static final Set<String> OPTION_KEYS = Set.of("type", "default", "description");

    public CharmConfig parse(String charm, JsonNode tree) {
        return parse(charm, FILE, tree);
    }

    /** Reads options kept under another name: {@code charmcraft.yaml}'s {@code config}, for one. */
    public CharmConfig parse(String charm, String file, JsonNode tree) {
        YamlFields yaml = new YamlFields(charm, file);
        Optional<ObjectNode> root = yaml.root(tree, true);
        if (root.isEmpty()) {
            return CharmConfig.empty();
        }
        yaml.onlyKeys(root.get(), "", Set.of("options"));
        if (!root.get().has("options")) {
            throw yaml.problem("options", "is required");
        }
        Map<String, ConfigOption> options = new LinkedHashMap<>();
        Optional<ObjectNode> section = yaml.optionalMapping(root.get(), "", "options");
        if (section.isPresent()) {
            for (Map.Entry<String, JsonNode> entry : yaml.entries(section.get())) {
                options.put(entry.getKey(), option(yaml, entry.getKey(), entry.getValue()));
            }
        }
        return new CharmConfig(options);
    }

    private ConfigOption option(YamlFields yaml, String name, JsonNode value) {
        String path = "options." + name;
        if (!OPTION_NAME.matcher(name).matches()) {
            throw yaml.problem(path, "is not a valid option name (letters, digits, _ . -)");
        }
        ObjectNode spec = yaml.mapping(value, path);
        yaml.onlyKeys(spec, path, OPTION_KEYS);
        String label = yaml.requiredString(spec, path, "type");
        ConfigType type = ConfigType.fromLabel(label).orElseThrow(
                () -> yaml.problem(path + ".type", "must be string, int, float or boolean, got \"" + label + "\""));
        String description = yaml.optionalString(spec, path, "description").orElse("");
        JsonNode defaultNode = spec.get("default");
        Optional<Object> defaultValue = Optional.empty();
        if (defaultNode != null && !defaultNode.isNull()) {
            Object scalar = scalar(yaml, path + ".default", defaultNode);
            defaultValue = Optional.of(type.accept(scalar).orElseThrow(() -> yaml.problem(path + ".default",
                    YamlFields.describe(defaultNode) + " is not " + (type == ConfigType.INT ? "an int" : "a " + type.label()))));
        }
        return new ConfigOption(name, type, defaultValue, description);
    }

    /** A YAML scalar as the Java value {@link ConfigType#accept} understands. */
    static Object scalar(YamlFields yaml, String path, JsonNode node) {
        if (node.isTextual()) {
            return node.textValue();
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        if (node.isIntegralNumber()) {
            return node.bigIntegerValue();
        }
        if (node.isNumber()) {
            return node.doubleValue();
        }
        throw yaml.problem(path, "must be a scalar value, got " + YamlFields.describe(node));
    }
}
