package jujube.agent.unit.internal;

import java.time.Clock;
import jujube.model.StateException;
import jujube.model.StatusEntry;
import jujube.state.UnitHandle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lines of the unit's status history for what happens outside its workflow's transitions (an {@code exec}
 * command, a forced upgrade). Best effort: the history is a replica for the operator, and a line the state
 * cannot take now is not worth failing what it records.
 */
final class StatusHistory {
    private static final Logger LOG = LoggerFactory.getLogger(StatusHistory.class);
    private final UnitHandle state;
    private final Clock clock;

    StatusHistory(UnitHandle state, Clock clock) {
        this.state = state;
        this.clock = clock;
    }

    /** Records {@code state} (as status names it), the hook if any, and what happened. */
    void record(String what, String hook, String message) {
        try {
            state.recordStatus(new StatusEntry(clock.instant(), what, hook, message));
        } catch (StateException e) {
            LOG.debug("unit {}: could not record {} in its status history: {}", state.name(), what, e.getMessage());
        }
    }
}
