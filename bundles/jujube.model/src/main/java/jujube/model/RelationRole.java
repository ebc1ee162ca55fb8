package jujube.model;

import java.util.Locale;
import java.util.Optional;

/**
 * The role a service plays in a relation, as juju names them. Each comes from one section of a charm's
 * metadata: {@code provides} gives a server, {@code requires} a client, {@code peers} a peer. The
 * counterpart is the role it must be matched with, and whose units its units watch.
 */
public enum RelationRole {
    SERVER("provides"),
    CLIENT("requires"),
    PEER("peers");

    private final String section;

    RelationRole(String section) {
        this.section = section;
    }

    /** The metadata key under which endpoints of this role are declared. */
    public String section() {
        return section;
    }

    /** The role whose units a unit of this role sees: client sees server, server client, peer peer. */
    public RelationRole counterpart() {
        return switch (this) {
            case CLIENT -> SERVER;
            case SERVER -> CLIENT;
            case PEER -> PEER;
        };
    }

    /** The lower-case name as stored and shown ({@code server}, {@code client}, {@code peer}). */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The role stored as {@code key}; empty when unknown, so that the reader can name where it was. */
    public static Optional<RelationRole> fromKey(String key) {
        for (RelationRole r : values()) {
            if (r.key().equals(key)) {
                return Optional.of(r);
            }
        }
        return Optional.empty();
    }
}
