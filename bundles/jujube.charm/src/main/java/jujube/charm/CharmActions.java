package jujube.charm;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The actions a charm declares, by name in file order; none for a charm without {@code actions.yaml}.
 *
 * @since 3.1
 */
public record CharmActions(Map<String, ActionSpec> actions) {
    private static final CharmActions EMPTY = new CharmActions(Map.of());

    public CharmActions {
        actions = Collections.unmodifiableMap(new LinkedHashMap<>(actions));
    }

    public static CharmActions empty() {
        return EMPTY;
    }

    public Optional<ActionSpec> get(String name) {
        return Optional.ofNullable(actions.get(name));
    }

    /** The actions as {@code actions.yaml} holds them, which {@link CharmReader#parseActions} reads back. */
    public Map<String, Object> toMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        actions.forEach((name, spec) -> map.put(name, spec.toMap()));
        return map;
    }
}
