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
 * @param appSettings per relation, as {@code settings}, the writes to the unit's application's data bag
 *     (its service's leader's only: applied only while the unit still leads); absent from effects
 *     persisted before there were such bags
 * @param charmState the unit's charm state changes ({@code state-set}, {@code state-delete}): key to value,
 *     or to {@code null} for a deletion; absent from effects persisted before there was charm state
 */
public record HookEffects(Map<String, Map<String, String>> settings, Map<String, String> relationIds,
        Map<String, Boolean> ports, Map<String, Map<String, String>> appSettings, Map<String, String> charmState) {

    public HookEffects {
        settings = copy(Objects.requireNonNull(settings, "settings"));
        appSettings = appSettings == null ? Map.of() : copy(appSettings);
        charmState = charmState == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(charmState));
        relationIds = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(relationIds, "relationIds")));
        ports = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(ports, "ports")));
    }

    /** Effects without application bag writes nor charm state. */
    public HookEffects(Map<String, Map<String, String>> settings, Map<String, String> relationIds,
            Map<String, Boolean> ports) {
        this(settings, relationIds, ports, Map.of(), Map.of());
    }

    private static Map<String, Map<String, String>> copy(Map<String, Map<String, String>> writesByRelation) {
        Map<String, Map<String, String>> copy = new LinkedHashMap<>();
        writesByRelation.forEach((id, writes) -> copy.put(id, Collections.unmodifiableMap(new LinkedHashMap<>(writes))));
        return Collections.unmodifiableMap(copy);
    }

    /** Nothing to change: a hook that wrote nothing, or one that did not run. */
    public static HookEffects none() {
        return new HookEffects(Map.of(), Map.of(), Map.of());
    }

    /** Whether applying these effects writes nothing. */
    public boolean writesNothing() { // not isEmpty(): no bean property in its JSON form
        return settings.isEmpty() && ports.isEmpty() && appSettings.isEmpty() && charmState.isEmpty();
    }
}
