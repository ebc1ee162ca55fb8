package jujube.state;

import jujube.model.MachineInfo;

import java.util.Map;

/**
 * A machine agent's presence, which also carries what the agent tells of its machine while it is up:
 * the limits of the machine it reached ({@link MachineInfo#limits()}). What it reports is kept by the
 * presence node itself, so it goes with the agent and comes back with the node after a reconnection.
 *
 * @since 5.0
 */
public interface AgentPresence extends Presence {
    /** At most this many reports, each of at most {@link #MAX_REPORT_CHARS}: status reads them all. */
    int MAX_REPORTS = 8;
    int MAX_REPORT_CHARS = 300;

    /**
     * Replaces what the agent reports: a message per limit it reached ({@code processes}, {@code memory},
     * {@code disk}); empty when it reaches none.
     *
     * @throws IllegalArgumentException when there are more than {@link #MAX_REPORTS} or one is too long
     */
    void reportLimits(Map<String, String> limits);
}
