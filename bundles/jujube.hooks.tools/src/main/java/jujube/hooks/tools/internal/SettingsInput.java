package jujube.hooks.tools.internal;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads the settings of {@code relation-set} from a JSON or YAML map ({@code @file} or stdin). Scalars
 * become their text; null becomes the empty string, which deletes the key; nested values are refused
 * because relation settings are flat strings.
 */
final class SettingsInput {
    private static final Pattern EVENT = Pattern.compile("<org\\.yaml\\.snakeyaml\\.events\\.(\\w+)Event\\([^>]*\\)>");
    private final ObjectMapper yaml;

    SettingsInput(ObjectMapper yaml) {
        this.yaml = yaml;
    }

    /** @param source names the input in messages: a file name or "stdin" */
    Map<String, String> parse(byte[] bytes, String source) throws UsageException {
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (text.isBlank()) {
            return Map.of();
        }
        JsonNode tree;
        try {
            // YAML 1.1 reads JSON objects too, so one parser serves both formats.
            tree = yaml.readTree(text);
        } catch (JacksonException e) {
            throw new UsageException("cannot parse " + source + " as a JSON or YAML map: " + describe(e));
        } catch (IOException e) {
            throw new UsageException("cannot parse " + source + " as a JSON or YAML map: "
                    + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
        }
        if (tree == null || tree.isNull() || tree.isMissingNode()) {
            return Map.of();
        }
        if (!tree.isObject()) {
            throw new UsageException(source + " must hold a JSON or YAML map of settings");
        }
        Map<String, String> settings = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = tree.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> field = it.next();
            JsonNode value = field.getValue();
            if (value.isContainerNode()) {
                throw new UsageException("the value of " + field.getKey() + " in " + source
                        + " must be a string, a number or a boolean");
            }
            settings.put(checkKey(field.getKey()), value.isNull() ? "" : value.asText());
        }
        return settings;
    }

    /**
     * Where and what, in one line: Jackson's own message spans lines and may name what it met by the YAML
     * engine's event objects ({@code <org.yaml.snakeyaml.events.MappingStartEvent(...)>}), said here in words.
     */
    private static String describe(JacksonException e) {
        String first = String.valueOf(e.getOriginalMessage()).lines().findFirst().orElse("").strip();
        String what = EVENT.matcher(first).replaceAll(m -> m.group(1).replaceAll("(?<=[a-z])(?=[A-Z])", " ")
                .toLowerCase(Locale.ROOT));
        JsonLocation at = e.getLocation();
        return at == null || at.getLineNr() < 1 ? what : "line " + at.getLineNr() + ", column " + at.getColumnNr() + ": " + what;
    }

    static String checkKey(String key) throws UsageException {
        if (key.isEmpty() || key.chars().anyMatch(c -> Character.isWhitespace(c) || c == '=')) {
            throw new UsageException("invalid setting name: '" + key + "'");
        }
        return key;
    }

    /** Whether {@code --file} names stdin ({@code -} or {@code /dev/stdin}): the tool must send it. */
    static boolean fileOptionIsStdin(ParsedArgs args, java.nio.file.Path cwd) {
        return args.option(ToolOption.FILE).filter(f -> f.equals("-") || ArgumentFile.isStdin(cwd, f)).isPresent();
    }

    /** The map {@code --file} names (Go juju's form: YAML or JSON, {@code -} for stdin); empty without it. */
    Map<String, String> fileOption(ToolContext context) throws UsageException, ToolFailure {
        java.util.Optional<String> file = context.args().option(ToolOption.FILE);
        if (file.isEmpty()) {
            return Map.of();
        }
        String name = file.get();
        return name.equals("-") || ArgumentFile.isStdin(context.cwd(), name) ? parse(context.stdin(), "stdin")
                : parse(ArgumentFile.read(context.cwd(), name, null), name);
    }
}
