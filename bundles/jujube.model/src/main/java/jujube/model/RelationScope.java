package jujube.model;

import java.util.Locale;
import java.util.Optional;

/**
 * Which units of the other side a relation endpoint sees: {@code global} (all of them) or
 * {@code container} (only the units in the same container, as a subordinate and its principal).
 */
public enum RelationScope {
    GLOBAL,
    CONTAINER;

    /** The name used in charm metadata and in the state. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The scope named {@code key}; empty when unknown, so that the reader can name where it was. */
    public static Optional<RelationScope> fromKey(String key) {
        for (RelationScope s : values()) {
            if (s.key().equals(key)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }
}
