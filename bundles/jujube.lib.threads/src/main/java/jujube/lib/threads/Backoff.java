package jujube.lib.threads;

import java.time.Duration;
import java.util.Objects;

/**
 * A delay that doubles from {@code first} up to {@code last}: how an agent spaces its attempts after an
 * unexpected failure, which it catches once at its loop boundary, logs once and retries.
 *
 * @param first the delay after the first failure
 * @param last the longest delay, however many failures follow
 * @since 1.2
 */
public record Backoff(Duration first, Duration last) {
    /** What the agents use: half a second, doubling up to half a minute. */
    public static final Backoff AGENT = new Backoff(Duration.ofMillis(500), Duration.ofSeconds(30));

    public Backoff {
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(last, "last");
        if (first.isNegative() || first.isZero() || last.compareTo(first) < 0) {
            throw new IllegalArgumentException("a backoff needs 0 < first <= last, not " + first + " and " + last);
        }
    }

    /** The delay after {@code delay}: twice as long, at most {@link #last}. */
    public Duration next(Duration delay) {
        Duration doubled = delay.multipliedBy(2);
        return doubled.compareTo(last) > 0 ? last : doubled;
    }
}
