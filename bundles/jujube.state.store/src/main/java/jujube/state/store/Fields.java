package jujube.state.store;

import java.util.LinkedHashMap;
import java.util.Map;
import jujube.state.CorruptStateException;

/**
 * Typed access to parsed YAML: each getter names the node and the key path it failed on, so bad
 * node content is a {@link CorruptStateException}, never a ClassCastException or NullPointerException.
 */
public final class Fields {
    private final String node;

    public Fields(String node) {
        this.node = node;
    }

    public CorruptStateException corrupt(String problem) {
        return new CorruptStateException(node, problem);
    }

    /** A map at {@code where}; an absent value is an empty map. */
    public Map<String, Object> map(Object value, String where) {
        if (value == null) {
            return new LinkedHashMap<>();
        }
        if (!(value instanceof Map<?, ?> raw)) {
            throw corrupt("'" + where + "' is not a map but " + describe(value));
        }
        Map<String, Object> result = new LinkedHashMap<>();
        raw.forEach((k, v) -> result.put(String.valueOf(k), v));
        return result;
    }

    /** A list at {@code where}; an absent value is an empty list. */
    public java.util.List<Object> list(Object value, String where) {
        if (value == null) {
            return java.util.List.of();
        }
        if (!(value instanceof java.util.List<?> raw)) {
            throw corrupt("'" + where + "' is not a list but " + describe(value));
        }
        return new java.util.ArrayList<>(raw);
    }

    public String string(Object value, String where) {
        if (value == null) {
            throw corrupt("'" + where + "' is missing");
        }
        if (value instanceof Map || value instanceof Iterable) {
            throw corrupt("'" + where + "' is not a string but " + describe(value));
        }
        return String.valueOf(value);
    }

    public String optionalString(Object value, String where) {
        return value == null ? null : string(value, where);
    }

    public int integer(Object value, String where) {
        if (value instanceof Integer i) {
            return i;
        }
        if (value instanceof Number n && n.longValue() == n.intValue() && !(value instanceof Double)) {
            return n.intValue();
        }
        if (value == null) {
            throw corrupt("'" + where + "' is missing");
        }
        throw corrupt("'" + where + "' is not an integer but " + describe(value));
    }

    public static String describe(Object value) {
        if (value instanceof Map) {
            return "a map";
        }
        if (value instanceof Iterable) {
            return "a list";
        }
        return value.getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT) + " '" + value + "'";
    }
}
