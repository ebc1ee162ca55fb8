package jujube.state;

import org.osgi.annotation.versioning.ConsumerType;

/** Told when a {@link Leadership} candidate gains or loses leadership. It must return quickly. */
@ConsumerType
@FunctionalInterface
public interface LeadershipListener {
    void leadershipChanged(boolean leader);
}
