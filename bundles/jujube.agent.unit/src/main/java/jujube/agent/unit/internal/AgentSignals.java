package jujube.agent.unit.internal;

import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;

/**
 * What wakes the unit agent's thread. Watches and the component only raise signals (they never do the
 * work on their own threads); raising one already raised is a no-op, so a burst of changes costs one
 * reconciliation, which reads the current state anyway. Stopping is sticky and is how the agent is
 * asked to end: not by interrupting its thread, which would break the file channels of a state write
 * in progress; the work in progress (a hook included) finishes first.
 */
final class AgentSignals {

    /** The reasons to look again. */
    enum Signal {
        /** The unit's flags changed (resolved, relation-resolved, upgrade). */
        FLAGS,
        /** The service's configuration changed. */
        CONFIG,
        /** The machine agent asked the unit to retire. */
        RETIRE,
        /** The environment's configuration changed (automatically-retry-hooks). */
        ENVIRONMENT,
        /** The unit gained or lost its service's lead, or the leader settings changed. */
        LEADERSHIP,
        /** update-status is due ({@code update-status-hook-interval}). */
        UPDATE_STATUS,
        /** An automatic retry of the failed hook is due. */
        RETRY,
        /** A corrupt file of the unit's local state was found off the agent's thread ({@link CorruptionReports}). */
        CORRUPT
    }

    private final Set<Signal> raised = EnumSet.noneOf(Signal.class);
    private boolean stopped;

    synchronized void raise(Signal signal) {
        raised.add(signal);
        notifyAll();
    }

    /** Asks the agent to stop at its next opportunity. */
    synchronized void stop() {
        stopped = true;
        notifyAll();
    }

    synchronized boolean isStopped() {
        return stopped;
    }

    /** Waits until a signal is raised or the agent is stopped, and takes every raised signal. */
    synchronized Set<Signal> take() throws InterruptedException {
        while (raised.isEmpty() && !stopped) {
            wait();
        }
        return drain();
    }

    /** Takes every raised signal without waiting (possibly none). */
    synchronized Set<Signal> drain() {
        Set<Signal> taken = raised.isEmpty() ? EnumSet.noneOf(Signal.class) : EnumSet.copyOf(raised);
        raised.clear();
        return taken;
    }

    /**
     * Waits for {@code timeout}, or less when the agent is stopped or one of {@code wakeOn} is raised;
     * takes nothing.
     *
     * @return whether the agent is stopped
     */
    synchronized boolean await(Duration timeout, Set<Signal> wakeOn) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        for (long left = timeout.toNanos(); left > 0 && !stopped && raised.stream().noneMatch(wakeOn::contains);
                left = end - System.nanoTime()) {
            wait(Math.max(1, left / 1_000_000));
        }
        return stopped;
    }
}
