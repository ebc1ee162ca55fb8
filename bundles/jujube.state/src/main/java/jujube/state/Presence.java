package jujube.state;

import org.osgi.annotation.versioning.ProviderType;

/**
 * An agent's presence: an ephemeral node owned by this connection's session. It is re-created
 * whenever the session is lost and a new one is established, until closed.
 */
@ProviderType
public interface Presence extends AutoCloseable {
    /** The path of the presence node. */
    String path();

    /** Whether the node exists right now under this session. */
    boolean isPresent();

    @Override
    void close();
}
