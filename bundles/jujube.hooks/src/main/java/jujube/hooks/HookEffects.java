package jujube.hooks;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a successful hook asked to change, held back by {@link UnitHookRunner#execute} so the caller can
 * persist it before {@link UnitHookRunner#apply applying} it: a plain value (JSON-serialisable by
 * Jackson as a record) that survives a restart.
 *
 * <p>Applying is idempotent: settings are absolute values merged onto the node (applying the same
 * effects again changes nothing), ports are opened or closed (opening an open port is a no-op). So a
 * caller that persisted the effects and was killed before it recorded them as applied applies them
 * again instead of running the hook again.
 *
 * @param settings per relation, keyed by its state id ({@code relation-0000000003}): key to value, or
 *     to {@code null} for a deletion, in the order the hook set them
 * @param relationIds per relation state id, its hook id ({@code db:3}), for reports
 * @param ports per port ({@code 80/tcp}), {@code true} to open it, {@code false} to close it
 */
public record HookEffects(Map<String, Map<String, String>> settings, Map<String, String> relationIds,
        Map<String, Boolean> ports) {

    public HookEffects {
        Map<String, Map<String, String>> copy = new LinkedHashMap<>();
        Objects.requireNonNull(settings, "settings")
                .forEach((id, writes) -> copy.put(id, Collections.unmodifiableMap(new LinkedHashMap<>(writes))));
        settings = Collections.unmodifiableMap(copy);
        relationIds = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(relationIds, "relationIds")));
        ports = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(ports, "ports")));
    }

    /** Nothing to change: a hook that wrote nothing, or one that did not run. */
    public static HookEffects none() {
        return new HookEffects(Map.of(), Map.of(), Map.of());
    }

    /** Whether applying these effects writes nothing. */
    public boolean writesNothing() { // not isEmpty(): no bean property in its JSON form
        return settings.isEmpty() && ports.isEmpty();
    }
}
