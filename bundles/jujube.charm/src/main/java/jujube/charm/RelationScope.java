package jujube.charm;

import java.util.Locale;
import java.util.Optional;

/**
 * Which units of the other side a relation endpoint sees: {@code global} (all of them) or
 * {@code container} (only the units in the same container, as a subordinate and its principal).
 */
public enum RelationScope {
    GLOBAL,
    CONTAINER;

    /** The name used in {@code metadata.yaml} and in the state. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The scope with this exact label, if any. */
    public static Optional<RelationScope> fromLabel(String label) {
        for (RelationScope scope : values()) {
            if (scope.label().equals(label)) {
                return Optional.of(scope);
            }
        }
        return Optional.empty();
    }
}
