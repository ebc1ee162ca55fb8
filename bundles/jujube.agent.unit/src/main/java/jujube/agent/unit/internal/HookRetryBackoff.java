package jujube.agent.unit.internal;

import java.time.Duration;
import java.util.Objects;

/**
 * The waits between a unit's automatic retries of a failed hook, as Go juju's uniter: the first wait,
 * doubling after each failed retry, up to the last (5 s to 5 minutes by default).
 *
 * @param first the wait before the first retry
 * @param last the longest wait
 */
record HookRetryBackoff(Duration first, Duration last) {
    static final HookRetryBackoff DEFAULT = new HookRetryBackoff(Duration.ofSeconds(5), Duration.ofMinutes(5));

    HookRetryBackoff {
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(last, "last");
        if (first.isNegative() || first.isZero() || last.compareTo(first) < 0) {
            throw new IllegalArgumentException("hook retry waits must be positive and first <= last, got " + first
                    + " and " + last);
        }
    }

    /** The wait before retry number {@code retry} (1-based). */
    Duration before(int retry) {
        if (retry < 1) {
            throw new IllegalArgumentException("retries count from 1, got " + retry);
        }
        Duration wait = first;
        for (int i = 1; i < retry && wait.compareTo(last) < 0; i++) {
            wait = wait.multipliedBy(2);
        }
        return wait.compareTo(last) > 0 ? last : wait;
    }
}
