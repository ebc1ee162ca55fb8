package jujube.agent.unit.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import jujube.model.StateException;
import jujube.state.UnitHandle;
import jujube.model.UnitName;
import jujube.workflow.UnitState;
import jujube.workflow.WorkflowState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The unit's automatic retries of a failed hook, as Go juju's uniter: the unit enters its error state as
 * soon as a hook fails (status shows it, with the hook's failure), then the hook is retried in the
 * background after a {@link HookRetryBackoff} wait that doubles with each failed retry, until it succeeds
 * or the operator resolves the unit; the environment's {@code automatically-retry-hooks} turns this off.
 * Status shows when the next retry is due ({@code agent-state-info}).
 *
 * <p>Driven by the agent's thread only (the loop asks after each reconciliation and when the retry timer
 * signals); the timer itself only raises a signal. The count of retries is kept in memory: a restarted
 * agent starts again from the first wait.
 */
final class HookRetries implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HookRetries.class);
    private final UnitName unit;
    private final UnitHandle unitState;
    private final HookRetryBackoff backoff;
    private final DelayedActions delayed;
    private final Clock clock;
    private final Runnable onDue;
    private int retries; // retries scheduled since the unit entered its error state
    private DelayedActions.Scheduled scheduled;
    private boolean due;
    private String published; // the info last published, null when none

    HookRetries(UnitName unit, UnitHandle unitState, HookRetryBackoff backoff, DelayedActions delayed, Clock clock,
            Runnable onDue) {
        this.unit = unit;
        this.unitState = unitState;
        this.backoff = backoff;
        this.delayed = delayed;
        this.clock = clock;
        this.onDue = onDue;
    }

    /**
     * After a reconciliation left the unit in {@code stored}: out of an error state, forgets the retries;
     * in one, schedules the next retry unless one is scheduled or retries are off, and publishes the info.
     */
    void settled(WorkflowState stored, boolean enabled) {
        boolean error = UnitState.named(stored.state()).map(UnitState::isError).orElse(false);
        if (!error) {
            retries = 0;
            cancel();
            published = null;
            return;
        }
        String message = stored.vars().getOrDefault(WorkflowState.ERROR_MESSAGE, "a hook failed");
        if (!enabled) {
            cancel();
            publish(stored, message + "; automatic retries are off (resolve with: jujube resolved --retry "
                    + unit + ")");
            return;
        }
        if (scheduled != null || due) {
            return;
        }
        retries++;
        Duration wait = backoff.before(retries);
        Instant at = clock.instant().plus(wait).truncatedTo(ChronoUnit.SECONDS);
        synchronized (this) {
            scheduled = delayed.schedule(wait, this::fire);
        }
        LOG.info("unit {}: {}; retry {} in {} s", unit, message, retries, wait.toSeconds());
        publish(stored, message + "; retry " + retries + " at " + at + " (in " + wait.toSeconds() + " s)");
    }

    /** Whether the scheduled retry became due (and was not taken yet); takes it. */
    synchronized boolean takeDue() {
        boolean was = due;
        due = false;
        return was;
    }

    private void fire() {
        synchronized (this) {
            if (scheduled == null) {
                return; // cancelled meanwhile
            }
            scheduled = null;
            due = true;
        }
        onDue.run();
    }

    private synchronized void cancel() {
        if (scheduled != null) {
            scheduled.cancel();
            scheduled = null;
        }
        due = false;
    }

    private void publish(WorkflowState stored, String info) {
        if (info.equals(published)) {
            return;
        }
        try {
            unitState.setWorkflowState(stored.state(), info);
            published = info;
        } catch (StateException e) {
            // a replica only: the next reconciliation publishes again
            LOG.debug("unit {}: could not publish its state info: {}", unit, e.getMessage());
        }
    }

    @Override
    public void close() {
        cancel();
    }
}
