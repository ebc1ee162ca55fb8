package jujube.charm;

/**
 * The side a charm takes in a relation, named as juju names them. Each role comes from one section of
 * {@code metadata.yaml}: {@code provides} gives a server, {@code requires} a client, {@code peers} a peer.
 */
public enum RelationRole {
    SERVER("provides"),
    CLIENT("requires"),
    PEER("peers");

    private final String section;

    RelationRole(String section) {
        this.section = section;
    }

    /** The {@code metadata.yaml} key under which endpoints of this role are declared. */
    public String section() {
        return section;
    }

    /** The role a relation of this role must be matched with: server with client, peer with peer. */
    public RelationRole counterpart() {
        return switch (this) {
            case SERVER -> CLIENT;
            case CLIENT -> SERVER;
            case PEER -> PEER;
        };
    }

    /** The role's lower-case name as stored and shown ({@code server}, {@code client}, {@code peer}). */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
