package jujube.hooks.internal;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import jujube.model.Port;

/**
 * What a hook asked to change, held back until it succeeds: per relation, the keys it set (a null
 * value deletes) in the order it set them, the last word per key winning; and per port, whether it
 * wants it open. Guarded by the owning {@link HookContext}'s lock.
 */
final class PendingChanges {
    private final Map<ContextRelation, Map<String, String>> settings = new LinkedHashMap<>();
    private final Map<Port, Boolean> ports = new LinkedHashMap<>();
    private final Map<ContextRelation, Map<String, String>> appSettings = new LinkedHashMap<>();
    private final Map<String, String> charmState = new LinkedHashMap<>();

    /** Records settings; an empty value deletes its key, as {@code relation-set key=} does. */
    void set(ContextRelation relation, Map<String, String> changes) {
        Map<String, String> pending = settings.computeIfAbsent(relation, r -> new LinkedHashMap<>());
        changes.forEach((key, value) -> {
            pending.remove(key); // so that the order is that of the last write
            pending.put(key, value.isEmpty() ? null : value);
        });
    }

    /** Records writes to the unit's application's bag, as {@link #set}. */
    void setApp(ContextRelation relation, Map<String, String> changes) {
        Map<String, String> pending = appSettings.computeIfAbsent(relation, r -> new LinkedHashMap<>());
        changes.forEach((key, value) -> {
            pending.remove(key);
            pending.put(key, value.isEmpty() ? null : value);
        });
    }

    Map<String, String> appSettingsOf(ContextRelation relation) {
        return Collections.unmodifiableMap(appSettings.getOrDefault(relation, Map.of()));
    }

    Map<ContextRelation, Map<String, String>> appSettings() {
        return Collections.unmodifiableMap(appSettings);
    }

    /** Records charm state changes: a null value deletes its key. */
    void setCharmState(Map<String, String> changes) {
        changes.forEach((key, value) -> {
            charmState.remove(key);
            charmState.put(key, value);
        });
    }

    Map<String, String> charmState() {
        return Collections.unmodifiableMap(charmState);
    }

    void port(Port port, boolean open) {
        ports.remove(port);
        ports.put(port, open);
    }

    /** The pending settings of a relation: key to value, or to null for a deletion. */
    Map<String, String> settingsOf(ContextRelation relation) {
        return Collections.unmodifiableMap(settings.getOrDefault(relation, Map.of()));
    }

    Map<ContextRelation, Map<String, String>> settings() {
        return Collections.unmodifiableMap(settings);
    }

    Map<Port, Boolean> ports() {
        return Collections.unmodifiableMap(ports);
    }
}
