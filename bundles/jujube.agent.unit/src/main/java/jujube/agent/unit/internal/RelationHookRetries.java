package jujube.agent.unit.internal;

import java.time.Duration;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * How a unit's failed relation hooks are retried: as its own hooks (see {@link HookRetries}), the relation
 * enters its error state at once and is reset in the background after the {@code backoff} wait (the failed
 * change, still at the head of its queue, runs again), while {@code enabled} (the environment's
 * {@code automatically-retry-hooks}) holds.
 */
record RelationHookRetries(BooleanSupplier enabled, HookRetryBackoff backoff, DelayedActions delayed) {
    /** No automatic retry: a relation in error stays there until resolved. */
    static final RelationHookRetries OFF = new RelationHookRetries(() -> false,
            new HookRetryBackoff(Duration.ofSeconds(5), Duration.ofMinutes(5)), DelayedActions.JDK);

    RelationHookRetries {
        Objects.requireNonNull(enabled, "enabled");
        Objects.requireNonNull(backoff, "backoff");
        Objects.requireNonNull(delayed, "delayed");
    }
}
