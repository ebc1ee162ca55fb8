package jujube.dashboard.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What changed between two views: the entries added or changed, whole, and the keys of those removed.
 *
 * @param set the new or changed entries, by key
 * @param removed the keys of the entries gone
 */
record ViewDiff(Map<String, Map<String, Object>> set, List<String> removed) {
    ViewDiff {
        set = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(set));
        removed = List.copyOf(removed);
    }

    static ViewDiff between(Map<String, Map<String, Object>> before, Map<String, Map<String, Object>> after) {
        Map<String, Map<String, Object>> set = new LinkedHashMap<>();
        after.forEach((k, v) -> {
            if (!v.equals(before.get(k))) {
                set.put(k, v);
            }
        });
        List<String> removed = new ArrayList<>();
        for (String k : before.keySet()) {
            if (!after.containsKey(k)) {
                removed.add(k);
            }
        }
        return new ViewDiff(set, removed);
    }

    boolean isEmpty() {
        return set.isEmpty() && removed.isEmpty();
    }
}
