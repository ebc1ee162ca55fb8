package jujube.model;

import java.util.Map;

/**
 * Changes to settings (a relation's, an application's bag, the leader settings, the charm state), as every
 * writer and every view of pending writes applies them: a key to its new value, or to null for a deletion.
 */
public final class SettingsChanges {
    private SettingsChanges() {
    }

    /** Applies {@code changes} to {@code target} in their order: a null value removes its key. */
    public static <V> void applyTo(Map<String, ? super V> target, Map<String, V> changes) {
        changes.forEach((key, value) -> {
            if (value == null) {
                target.remove(key);
            } else {
                target.put(key, value);
            }
        });
    }
}
