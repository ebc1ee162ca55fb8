package jujube.state;

import java.util.Locale;

/** The role a service plays in a relation; the counterpart is whom its units watch. */
public enum RelationRole {
    CLIENT, SERVER, PEER;

    /** The role whose units a unit of this role sees: client sees server, server client, peer peer. */
    public RelationRole counterpart() {
        return switch (this) {
            case CLIENT -> SERVER;
            case SERVER -> CLIENT;
            case PEER -> PEER;
        };
    }

    /** The name stored in ZooKeeper. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a stored name; null when unknown so that the reader can name the node. */
    public static RelationRole fromKey(String key) {
        for (RelationRole r : values()) {
            if (r.key().equals(key)) {
                return r;
            }
        }
        return null;
    }
}
