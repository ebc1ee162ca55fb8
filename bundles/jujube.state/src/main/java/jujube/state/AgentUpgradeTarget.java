package jujube.state;

import java.util.Objects;

/**
 * What an agent is asked to run: a set of bundles, numbered so that a report says which request it
 * answers (a later request has a higher generation).
 *
 * @since 8.1
 */
public record AgentUpgradeTarget(long generation, AgentBundleSet set) {
    public AgentUpgradeTarget {
        Objects.requireNonNull(set, "set");
        if (generation < 1) {
            throw new IllegalArgumentException("generation " + generation + " is not positive");
        }
    }
}
