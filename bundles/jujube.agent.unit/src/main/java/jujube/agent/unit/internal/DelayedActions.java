package jujube.agent.unit.internal;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs an action once after a delay, cancellably: what times a unit agent's automatic hook retries. The
 * default owns no thread (the JDK's shared delayer); tests put a manual one in its place, so that retry
 * delays of minutes are observed and fired without waiting for them.
 */
@FunctionalInterface
interface DelayedActions {

    /** A scheduled action; cancelling one that ran or was cancelled does nothing. */
    @FunctionalInterface
    interface Scheduled {
        void cancel();
    }

    Scheduled schedule(Duration delay, Runnable action);

    /** Through {@link CompletableFuture#delayedExecutor}: the action runs on the JDK's common pool. */
    DelayedActions JDK = (delay, action) -> {
        AtomicBoolean cancelled = new AtomicBoolean();
        CompletableFuture.delayedExecutor(Math.max(1, delay.toMillis()), TimeUnit.MILLISECONDS).execute(() -> {
            if (!cancelled.get()) {
                action.run();
            }
        });
        return () -> cancelled.set(true);
    };
}
