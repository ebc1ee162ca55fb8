package jujube.state;

import java.time.Instant;
import java.util.Objects;

/**
 * What an agent says of its bundles: the set it runs, how the last request went and why it failed.
 *
 * @param generation the {@linkplain AgentUpgradeTarget#generation() request} this report answers; 0 before any
 * @param running the bundles running now (after a failure, the previous ones, put back)
 * @param state {@link #RUNNING}, {@link #UPGRADING}, {@link #UPGRADED} or {@link #FAILED}
 * @param reason why it failed, empty otherwise; at most {@link #MAX_REASON_CHARS}
 * @param at when the agent wrote it
 * @since 8.1
 */
public record AgentBundlesReport(long generation, AgentBundleSet running, String state, String reason, Instant at) {
    /** No request answered yet: the agent runs what its distribution installed. */
    public static final String RUNNING = "running";
    /** The request is being applied. */
    public static final String UPGRADING = "upgrading";
    /** The request's set runs, its components satisfied and its unit agents back. */
    public static final String UPGRADED = "upgraded";
    /** The request failed: the previous bundles were put back. */
    public static final String FAILED = "failed";
    public static final int MAX_REASON_CHARS = 1024;

    public AgentBundlesReport {
        Objects.requireNonNull(running, "running");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(at, "at");
        if (!java.util.Set.of(RUNNING, UPGRADING, UPGRADED, FAILED).contains(state)) {
            throw new IllegalArgumentException("not an upgrade state: '" + state + "'");
        }
        if (generation < 0) {
            throw new IllegalArgumentException("generation " + generation + " is negative");
        }
        if (reason.length() > MAX_REASON_CHARS) {
            reason = reason.substring(0, MAX_REASON_CHARS - 3) + "...";
        }
    }

    /** Whether this report answers request {@code generation}, done either way. */
    public boolean answered(long generation) {
        return this.generation == generation && (state.equals(UPGRADED) || state.equals(FAILED));
    }
}
