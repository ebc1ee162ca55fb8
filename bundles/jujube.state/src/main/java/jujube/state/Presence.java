package jujube.state;

import org.osgi.annotation.versioning.ProviderType;

/**
 * An agent's presence: an ephemeral node owned by this connection's session. It is re-created
 * whenever the session is lost and a new one is established, until closed or released.
 */
@ProviderType
public interface Presence extends AutoCloseable {
    /** The path of the presence node. */
    String path();

    /** Whether the node exists right now under this session. */
    boolean isPresent();

    /**
     * Removes the node now: the agent leaves (a unit retired, a relation departed). While ZooKeeper cannot
     * be reached this returns at once instead of waiting for it: the removal is retried when the
     * connection is back, and the node, being ephemeral, goes with its session in any case.
     */
    @Override
    void close();

    /**
     * Gives the node up for a successor in this process, as an agent does that stops only to be started
     * again (its component deactivated by a bundle update): the node stays, under this connection's
     * session, for the connection's grace period, and a presence created for the same path within it takes
     * the node over without deleting it, so watchers see no one leave. Past the grace period, or when the
     * connection closes, the node is removed. A presence that cannot be handed over is simply closed.
     */
    default void release() {
        close();
    }
}
