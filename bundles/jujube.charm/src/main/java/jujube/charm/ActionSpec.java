package jujube.charm;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One action a charm declares ({@code actions.yaml}, or {@code charmcraft.yaml}'s {@code actions}): what
 * it does and the JSON Schema its parameters must satisfy. The schema is an object schema built as Go juju
 * builds it: the action's {@code params} are its {@code properties}, and {@code required} and
 * {@code additionalProperties} at the action's top level are the schema's.
 *
 * @param name the action's name, the file {@code actions/<name>} of a charm without a {@code dispatch}
 * @param description what it does, for {@code jujube actions}
 * @param params the declared parameters by name, each a JSON Schema, in file order
 * @param required the names of the parameters that must be given
 * @param additionalProperties whether parameters not declared are accepted (the default, as the ops library
 *     reads it)
 * @param parallel whether it may run beside the unit's other actions (accepted; Jujube runs a unit's
 *     actions one at a time)
 * @param executionGroup the group it runs in when parallel (accepted, as {@code parallel})
 * @since 3.1
 */
public record ActionSpec(String name, String description, Map<String, Object> params, List<String> required,
        boolean additionalProperties, boolean parallel, String executionGroup) {

    public ActionSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
        required = List.copyOf(required);
        Objects.requireNonNull(executionGroup, "executionGroup");
    }

    /** The JSON Schema of the whole parameter object, as Go juju builds it from the action's keys. */
    public Map<String, Object> schema() {
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("title", name);
        schema.put("description", description);
        schema.put("properties", params);
        if (!required.isEmpty()) {
            schema.put("required", required);
        }
        schema.put("additionalProperties", additionalProperties);
        return schema;
    }

    /** The action as {@code actions.yaml} holds it, which {@link CharmReader#parseActions} reads back. */
    public Map<String, Object> toMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("description", description);
        if (!params.isEmpty()) {
            map.put("params", params);
        }
        if (!required.isEmpty()) {
            map.put("required", required);
        }
        map.put("additionalProperties", additionalProperties);
        if (parallel) {
            map.put("parallel", true);
        }
        if (!executionGroup.isEmpty()) {
            map.put("execution-group", executionGroup);
        }
        return map;
    }
}
