package jujube.state;

import java.util.Locale;

/** Who sees whom in a relation: every unit ({@code global}) or only units in one container. */
public enum RelationScope {
    GLOBAL, CONTAINER;

    /** The name stored in ZooKeeper. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a stored name; null when unknown so that the reader can name the node. */
    public static RelationScope fromKey(String key) {
        for (RelationScope s : values()) {
            if (s.key().equals(key)) {
                return s;
            }
        }
        return null;
    }
}
