package jujube.charm;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A charm's {@code config.yaml}: its options in file order. A charm without the file has no options.
 * Every method that takes values rejects an unknown option and a value of the wrong type with a
 * {@link ConfigValueException} naming both; typed results use the Java types of {@link ConfigType}.
 *
 * @param options the options by name, in the file's order
 */
public record CharmConfig(Map<String, ConfigOption> options) {

    public CharmConfig {
        options = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(options, "options")));
    }

    /** The configuration of a charm that has no {@code config.yaml}. */
    public static CharmConfig empty() {
        return new CharmConfig(Map.of());
    }

    /** The option with this name, if the charm has it. */
    public Optional<ConfigOption> option(String name) {
        return Optional.ofNullable(options.get(name));
    }

    /** The option with this name, or a {@link ConfigValueException} saying the charm has none so named. */
    public ConfigOption require(String name) {
        return option(name).orElseThrow(() -> new ConfigValueException(name, "no such option in the charm's config.yaml"));
    }

    /** The defaults of the options that have one, in option order. */
    public Map<String, Object> defaults() {
        Map<String, Object> defaults = new LinkedHashMap<>();
        options.values().forEach(option -> option.defaultValue().ifPresent(value -> defaults.put(option.name(), value)));
        return Collections.unmodifiableMap(defaults);
    }

    /** Converts a command-line value for the named option to its type. */
    public Object coerce(String name, String text) {
        return require(name).coerce(text);
    }

    /** Converts command-line {@code name -> text} pairs, all or nothing, to typed values in the same order. */
    public Map<String, Object> coerceAll(Map<String, String> texts) {
        Map<String, Object> typed = new LinkedHashMap<>();
        texts.forEach((name, text) -> typed.put(name, coerce(name, text)));
        return Collections.unmodifiableMap(typed);
    }

    /** Checks typed values (a YAML or JSON config file's section for one service), all or nothing. */
    public Map<String, Object> validate(Map<String, ?> values) {
        Map<String, Object> typed = new LinkedHashMap<>();
        values.forEach((name, value) -> typed.put(name, require(name).validate(value)));
        return Collections.unmodifiableMap(typed);
    }

    /** The canonical {@code config.yaml} content, as {@link CharmReader} reads it back. */
    public Map<String, Object> toMap() {
        Map<String, Object> section = new LinkedHashMap<>();
        options.forEach((name, option) -> section.put(name, option.toMap()));
        return Map.of("options", section);
    }
}
