package jujube.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import jujube.charm.ActionSpec;
import jujube.cli.CliException;
import jujube.state.Tasks;

/**
 * An action's parameters as {@code jujube run} takes them: {@code KEY=VALUE} arguments (a dotted key nests,
 * each value read as YAML, as Go juju reads them: {@code days=7} is a number) over a {@code --params} file,
 * then the action's defaults filled in and the whole checked against its JSON Schema by a JSON Schema
 * library (networknt's, draft 7 as Go juju's), before anything is queued.
 */
final class ActionParams {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final SchemaRegistry SCHEMAS = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7);

    private ActionParams() {
    }

    /** The parameters of a {@code --params} file: a YAML or JSON map, at most {@link Tasks#MAX_PARAMS_BYTES}. */
    static Map<String, Object> fromFile(Path file) {
        Object value = new YamlInputFile(file, "--params " + file, Tasks.MAX_PARAMS_BYTES, "a parameters file").value();
        if (value == null) {
            return new LinkedHashMap<>();
        }
        if (!(value instanceof Map<?, ?> map)) {
            throw new CliException("--params " + file + " must hold a map of parameters");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> params = new LinkedHashMap<>((Map<String, Object>) map);
        return params;
    }

    /** {@code KEY=VALUE} arguments added over {@code params}, each value read as YAML. */
    static Map<String, Object> withArguments(Map<String, Object> params, List<String> arguments) {
        return withArguments(params, arguments, false);
    }

    /** {@code KEY=VALUE} arguments added over {@code params}; {@code asStrings} keeps each value as typed. */
    static Map<String, Object> withArguments(Map<String, Object> params, List<String> arguments, boolean asStrings) {
        Map<String, Object> all = new LinkedHashMap<>(params);
        for (String arg : arguments) {
            int eq = arg.indexOf('=');
            if (eq <= 0) {
                throw new CliException("argument \"" + arg + "\" must be of the form key=value");
            }
            String[] path = arg.substring(0, eq).split("\\.", -1);
            for (String part : path) {
                if (part.isEmpty()) {
                    throw new CliException("argument \"" + arg + "\" has an empty key");
                }
            }
            jujube.model.DottedKeys.put(all, path, asStrings ? arg.substring(eq + 1) : value(arg.substring(eq + 1)));
        }
        return all;
    }

    private static Object value(String text) {
        if (text.isEmpty()) {
            return "";
        }
        try {
            Object value = YAML.readValue(text, Object.class);
            return value == null ? text : value;
        } catch (IOException | RuntimeException e) {
            return text; // not YAML: the text as it is
        }
    }

    /**
     * The parameters with the action's defaults filled in, checked against its schema.
     *
     * @throws CliException naming each parameter that is wrong and why, in one line
     */
    static Map<String, Object> validated(String service, ActionSpec action, Map<String, Object> params) {
        Map<String, Object> filled = withDefaults(action.schema(), params);
        int size;
        try {
            size = JSON.writeValueAsBytes(filled).length;
        } catch (IOException e) {
            throw new CliException("the parameters cannot be written as JSON: " + e.getMessage());
        }
        if (size > Tasks.MAX_PARAMS_BYTES) {
            throw new CliException("the parameters of " + action.name() + " are " + size + " bytes of JSON, more than "
                    + Tasks.MAX_PARAMS_BYTES);
        }
        JsonNode schemaNode = JSON.valueToTree(action.schema());
        Schema schema = SCHEMAS.getSchema(SchemaLocation.of("urn:jujube:action:" + action.name()), schemaNode);
        List<Error> errors = schema.validate(JSON.valueToTree(filled));
        if (!errors.isEmpty()) {
            throw new CliException("invalid parameters for action " + action.name() + " of " + service + ": "
                    + errors.stream().map(ActionParams::describe).collect(Collectors.joining("; ")));
        }
        return filled;
    }

    /** {@code times: string found, integer expected}: the parameter by its dotted path, and what is wrong. */
    private static String describe(Error error) {
        String pointer = error.getInstanceLocation() == null ? "" : error.getInstanceLocation().toString();
        String where = pointer.replaceFirst("^[$/]+", "").replace('/', '.');
        return where.isEmpty() ? error.getMessage() : where + ": " + error.getMessage();
    }

    /** {@code params} with each property's {@code default} where it is absent, in nested objects too. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> withDefaults(Map<String, Object> schema, Map<String, Object> params) {
        Map<String, Object> filled = new LinkedHashMap<>(params);
        if (schema.get("properties") instanceof Map<?, ?> properties) {
            properties.forEach((name, property) -> {
                if (!(property instanceof Map<?, ?> p)) {
                    return;
                }
                Object given = filled.get(name);
                if (given == null && p.containsKey("default")) {
                    filled.put((String) name, p.get("default"));
                } else if (given instanceof Map<?, ?> nested) {
                    filled.put((String) name, withDefaults((Map<String, Object>) p, (Map<String, Object>) nested));
                }
            });
        }
        return filled;
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "";
        }
        int nl = text.indexOf('\n');
        return nl < 0 ? text : text.substring(0, nl);
    }
}
