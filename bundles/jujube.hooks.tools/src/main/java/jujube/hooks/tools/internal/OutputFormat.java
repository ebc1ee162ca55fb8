package jujube.hooks.tools.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How a tool prints its value ({@code --format}). {@code smart}, the default, prints a single value bare
 * (nothing for an absent one), a list one item per line and a map as YAML, so that shell scripts can
 * use {@code $(relation-get key)} and {@code for u in $(relation-list)} directly.
 */
enum OutputFormat {
    SMART, JSON, YAML,
    /** relation-get's shell variable assignments ({@code eval "$(relation-get --format=shell)"}). */
    SHELL,
    /** relation-list's {@code export JUJU_MEMBERS="..."}. */
    EVAL;

    /** What every tool prints; a tool may add its own ({@link HookTool#ownFormats}), as the original's did. */
    static final List<OutputFormat> COMMON = List.of(SMART, JSON, YAML);

    static OutputFormat parse(String text, List<OutputFormat> allowed) throws UsageException {
        for (OutputFormat format : allowed) {
            if (format.toString().equals(text.toLowerCase(Locale.ROOT))) {
                return format;
            }
        }
        throw new UsageException("argument --format: invalid choice: '" + text + "' (choose from "
                + allowed.stream().map(f -> "'" + f + "'").collect(Collectors.joining(", ")) + ")");
    }

    /** The name on the command line. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The tools' one YAML mapper: it writes the {@code yaml} format and reads {@code relation-set}'s
     * settings (the generator features below change nothing in reading).
     */
    static ObjectMapper yamlMapper() {
        return new ObjectMapper(YAMLFactory.builder()
                .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                // "3306" stays a string when read back, as relation settings are strings.
                .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
                .build());
    }

    /** Renders values with the mappers of its handler, which are built once, not per call. */
    static final class Renderer {
        private final ObjectMapper json;
        private final ObjectMapper yaml;

        Renderer(ObjectMapper json, ObjectMapper yaml) {
            this.json = json;
            this.yaml = yaml;
        }

        String render(OutputFormat format, JsonNode value) {
            try {
                switch (format) {
                    case JSON:
                        return json.writeValueAsString(value) + "\n";
                    case YAML:
                        return yaml.writeValueAsString(value);
                    case SMART:
                        return smart(value);
                    default:
                        throw new IllegalArgumentException(format + " is rendered by its tool");
                }
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("cannot render a JSON tree", e);
            }
        }

        private String smart(JsonNode value) throws JsonProcessingException {
            if (value.isNull() || value.isMissingNode()) {
                return "";
            }
            if (value.isValueNode()) {
                return value.asText() + "\n";
            }
            if (value.isArray()) {
                StringBuilder lines = new StringBuilder();
                for (JsonNode item : value) {
                    lines.append(item.isValueNode() ? item.asText() + "\n" : json.writeValueAsString(item) + "\n");
                }
                return lines.toString();
            }
            return yaml.writeValueAsString(value);
        }
    }
}
