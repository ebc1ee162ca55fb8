package jujube.charm.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import jujube.charm.InvalidCharmException;

/**
 * Typed access to one parsed YAML file of a charm. Every wrong type, missing key or bad value becomes an
 * {@link InvalidCharmException} naming the charm, the file and the key path, so no malformed input can
 * surface as a NullPointerException or ClassCastException further on.
 */
final class YamlFields {
    private static final int SHOWN_VALUE_LIMIT = 60;

    private final String charm;
    private final String file;

    YamlFields(String charm, String file) {
        this.charm = charm;
        this.file = file;
    }

    /** A problem at {@code path} ("" for the whole file). */
    public InvalidCharmException problem(String path, String what) {
        return new InvalidCharmException(charm, file + ": " + (path.isEmpty() ? "" : path + " ") + what);
    }

    /** The document's top-level mapping; an empty document is an error unless {@code emptyAllowed}. */
    public Optional<ObjectNode> root(JsonNode tree, boolean emptyAllowed) {
        if (tree == null || tree.isMissingNode() || tree.isNull()) {
            if (emptyAllowed) {
                return Optional.empty();
            }
            throw problem("", "is empty");
        }
        if (!tree.isObject()) {
            throw problem("", "must be a mapping at the top level, got " + describe(tree));
        }
        return Optional.of((ObjectNode) tree);
    }

    public String requiredString(ObjectNode node, String path, String key) {
        JsonNode value = node.get(key);
        if (value == null) {
            throw problem(join(path, key), "is required");
        }
        return string(value, join(path, key));
    }

    public Optional<String> optionalString(ObjectNode node, String path, String key) {
        JsonNode value = node.get(key);
        return value == null ? Optional.empty() : Optional.of(string(value, join(path, key)));
    }

    public String string(JsonNode value, String path) {
        if (!value.isTextual()) {
            throw problem(path, "must be a string, got " + describe(value));
        }
        return value.textValue();
    }

    public boolean optionalBoolean(ObjectNode node, String path, String key, boolean otherwise) {
        JsonNode value = node.get(key);
        if (value == null) {
            return otherwise;
        }
        if (!value.isBoolean()) {
            throw problem(join(path, key), "must be true or false, got " + describe(value));
        }
        return value.booleanValue();
    }

    /** A non-negative int; YAML null gives empty when {@code nullAllowed}, as for an unlimited relation. */
    public OptionalInt optionalCount(ObjectNode node, String path, String key, OptionalInt otherwise, boolean nullAllowed) {
        JsonNode value = node.get(key);
        if (value == null) {
            return otherwise;
        }
        if (value.isNull() && nullAllowed) {
            return OptionalInt.empty();
        }
        if (!value.isIntegralNumber() || !value.canConvertToInt() || value.intValue() < 0) {
            throw problem(join(path, key), "must be a non-negative integer" + (nullAllowed ? " or null" : "") + ", got " + describe(value));
        }
        return OptionalInt.of(value.intValue());
    }

    /** A mapping under {@code key}; a missing key or YAML null (an empty section) gives empty. */
    public Optional<ObjectNode> optionalMapping(ObjectNode node, String path, String key) {
        JsonNode value = node.get(key);
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        return Optional.of(mapping(value, join(path, key)));
    }

    public ObjectNode mapping(JsonNode value, String path) {
        if (!value.isObject()) {
            throw problem(path, "must be a mapping, got " + describe(value));
        }
        return (ObjectNode) value;
    }

    /** Rejects keys outside {@code allowed}, so a misspelt key is reported rather than silently ignored. */
    public void onlyKeys(ObjectNode node, String path, Set<String> allowed) {
        for (Iterator<String> keys = node.fieldNames(); keys.hasNext(); ) {
            String key = keys.next();
            if (!allowed.contains(key)) {
                throw problem(join(path, key), "is not a known key (expected one of " + String.join(", ", allowed.stream().sorted().toList()) + ")");
            }
        }
    }

    public Iterable<Map.Entry<String, JsonNode>> entries(ObjectNode node) {
        return node::fields;
    }

    public static String join(String path, String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    /** The value's YAML kind and, for scalars, the value itself, shortened. */
    public static String describe(JsonNode value) {
        if (value.isNull()) {
            return "null";
        }
        if (value.isObject()) {
            return "a mapping";
        }
        if (value.isArray()) {
            return "a list";
        }
        if (value.isTextual()) {
            return "the string \"" + shorten(value.textValue()) + "\"";
        }
        if (value.isBoolean()) {
            return "the boolean " + value.booleanValue();
        }
        if (value.isNumber()) {
            return "the number " + shorten(value.asText());
        }
        return "a " + value.getNodeType().name().toLowerCase(java.util.Locale.ROOT) + " value";
    }

    private static String shorten(String text) {
        return text.length() <= SHOWN_VALUE_LIMIT ? text : text.substring(0, SHOWN_VALUE_LIMIT) + "...";
    }
}
