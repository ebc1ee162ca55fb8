package jujube.state;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A candidacy in a leader election among the environment's processes (e.g. the provisioning agents of
 * two controllers). At most one candidate of a name is leader at a time, as far as ZooKeeper can tell:
 * a leader that loses its connection stops being leader before another one is chosen, so a leader
 * must still guard each action by a lock of its own (as the provisioning lock of a machine does).
 * Closing withdraws the candidacy and gives up leadership.
 */
@ProviderType
public interface Leadership extends AutoCloseable {
    /** The election's name. */
    String name();

    /** Whether this candidate leads right now. */
    boolean isLeader();

    /** Adds a listener told of every later change of {@link #isLeader()}, on a thread of the connection. */
    void addListener(LeadershipListener listener);

    void removeListener(LeadershipListener listener);

    @Override
    void close();
}
