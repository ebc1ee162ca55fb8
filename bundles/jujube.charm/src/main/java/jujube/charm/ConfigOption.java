package jujube.charm;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One option of a charm's {@code config.yaml}. A present default is already of the option's type
 * ({@link ConfigType} lists the Java types).
 *
 * @param name the option's name
 * @param type its type
 * @param defaultValue its default, if it has one
 * @param description what it means, empty when the charm says nothing
 */
public record ConfigOption(String name, ConfigType type, Optional<Object> defaultValue, String description) {

    public ConfigOption {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(description, "description");
        defaultValue = Objects.requireNonNull(defaultValue, "defaultValue").map(value -> type.accept(value)
                .orElseThrow(() -> new IllegalArgumentException("default " + value + " of " + name + " is not a " + type.label())));
    }

    /**
     * Converts a command-line value ({@code port=8080}, {@code debug=true}) to this option's type.
     *
     * @throws ConfigValueException naming the option, the value and the expected type when it does not convert
     */
    public Object coerce(String text) {
        Objects.requireNonNull(text, "text");
        return type.parse(text).orElseThrow(() -> notA(text));
    }

    /**
     * Checks a typed value (from a YAML or JSON config file) against this option's type; text is converted
     * as {@link #coerce} does and an integral number is accepted as a float.
     *
     * @throws ConfigValueException naming the option, the value and the expected type when it does not fit
     */
    public Object validate(Object value) {
        if (value == null) {
            throw new ConfigValueException(name, "has no value (expected " + article(type) + ")");
        }
        return type.accept(value).orElseThrow(() -> notA(value));
    }

    private ConfigValueException notA(Object value) {
        String shown = value instanceof String text ? "\"" + text + "\"" : String.valueOf(value);
        return new ConfigValueException(name, "value " + shown + " is not " + article(type));
    }

    private static String article(ConfigType type) {
        return type == ConfigType.INT ? "an int" : "a " + type.label();
    }

    /** The {@code config.yaml} form of this option, as {@link CharmReader} reads it back. */
    public Map<String, Object> toMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("type", type.label());
        defaultValue.ifPresent(value -> map.put("default", value));
        map.put("description", description);
        return map;
    }
}
