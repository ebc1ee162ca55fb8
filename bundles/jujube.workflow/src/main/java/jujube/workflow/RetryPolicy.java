package jujube.workflow;

import java.time.Duration;
import java.util.Objects;

/**
 * How often a hook failure is retried before the workflow enters the error state, and how long to wait
 * in between (doubling from {@code initialDelay}). The waiting is the caller's: the engine starts no
 * thread and never sleeps, so {@link #retrying} takes a {@link Backoff} the unit agent implements (an
 * interruptible wait that a stop or a resolved flag can cut short).
 *
 * @param initialDelay the wait before the first retry
 * @param maxAttempts how many times the action runs at most, 1 for no retry
 */
public record RetryPolicy(Duration initialDelay, int maxAttempts) {
    /** Run once, never retry. */
    public static final RetryPolicy NONE = new RetryPolicy(Duration.ZERO, 1);

    public RetryPolicy {
        Objects.requireNonNull(initialDelay, "initialDelay");
        if (initialDelay.isNegative()) {
            throw new IllegalArgumentException("initial delay must not be negative, got " + initialDelay);
        }
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("max attempts must be at least 1, got " + maxAttempts);
        }
    }

    /** The seed's policy: 5 s, doubling, {@code maxAttempts} runs in all. */
    public static RetryPolicy doublingFrom5s(int maxAttempts) {
        return new RetryPolicy(Duration.ofSeconds(5), maxAttempts);
    }

    /** The wait before retry number {@code retry} (1-based). */
    public Duration delayBefore(int retry) {
        if (retry < 1) {
            throw new IllegalArgumentException("retries count from 1, got " + retry);
        }
        return initialDelay.multipliedBy(1L << Math.min(retry - 1, 30));
    }

    /**
     * {@code action}, run again after a hook failure until it succeeds or {@code maxAttempts} runs
     * failed; the last failure is the result. Retries happen inside one in-flight transition, so the
     * error transition fires only once, after the last attempt.
     */
    public TransitionAction retrying(TransitionAction action, Backoff backoff) {
        return context -> {
            ActionResult result = action.run(context);
            for (int retry = 1; retry < maxAttempts && result instanceof ActionResult.HookFailed; retry++) {
                backoff.await(delayBefore(retry));
                result = action.run(context);
            }
            return result;
        };
    }

    /** Waits between attempts; the unit agent's implementation ends early when it is stopped. */
    @FunctionalInterface
    public interface Backoff {
        void await(Duration delay) throws InterruptedException;
    }
}
