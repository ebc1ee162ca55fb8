package jujube.model;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Go juju's dotted keys of actions: {@code out.size=10G} is {@code {out: {size: 10G}}}, in an action's
 * parameters ({@code jujube run}) as in its results ({@code action-set}).
 *
 * @since 1.2
 */
public final class DottedKeys {
    private DottedKeys() {
    }

    /**
     * Puts {@code value} at {@code path} in {@code into}, making the maps on the way; a value other than a
     * map found on the way gives way to one.
     */
    @SuppressWarnings("unchecked")
    public static void put(Map<String, Object> into, String[] path, Object value) {
        Map<String, Object> at = into;
        for (int i = 0; i < path.length - 1; i++) {
            Object next = at.get(path[i]);
            if (!(next instanceof Map)) {
                next = new LinkedHashMap<String, Object>();
                at.put(path[i], next);
            }
            at = (Map<String, Object>) next;
        }
        at.put(path[path.length - 1], value);
    }
}
