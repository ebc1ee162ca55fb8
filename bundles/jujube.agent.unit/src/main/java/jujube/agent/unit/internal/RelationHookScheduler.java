package jujube.agent.unit.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import jujube.hooks.ExecutedHook;
import jujube.hooks.HookEffects;
import jujube.hooks.HookExecutor;
import jujube.hooks.HookJob;
import jujube.hooks.HookResult;
import jujube.workflow.HookQueue;
import jujube.workflow.RelationChange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drives one unit relation's hook queue: while enabled and allowed to execute (the relation is up), it
 * keeps one job on the unit's hook executor that claims the queue's head, runs its hook and commits it
 * on success, in steps each persisted in the queue: the hook runs (its effects held back), the head is
 * marked executed with its effects, the effects are applied (idempotently), the head is committed (a hook
 * that wrote nothing is committed at once: there is nothing a replay could apply twice). A
 * head found executed (the agent died after the hook) is not run again: its stored effects are applied
 * and it is committed. The head is claimed inside the job, when the hook is about to run, so changes waiting
 * behind other hooks of the unit can still be coalesced. A failed hook is reported to {@code onFailure} at
 * once (the relation goes to error) and stays at the head; while automatic retries are on, {@code onRetryDue}
 * (resetting the relation, so the head runs again) follows after the {@link RelationHookRetries} wait,
 * doubling with each failure in a row. It owns no thread: delays use the JDK's shared delayer.
 */
final class RelationHookScheduler {
    /** What to do when a hook failed for good. */
    @FunctionalInterface
    interface FailureHandler {
        void failed(RelationChange change, String message);
    }

    /** Told when an automatic retry is scheduled: its number in a row, and when it is due. */
    @FunctionalInterface
    interface RetryListener {
        void scheduled(int attempt, java.time.Instant at, Duration wait);
    }

    private static final Logger LOG = LoggerFactory.getLogger(RelationHookScheduler.class);
    private static final Duration MAX_FAULT_DELAY = Duration.ofSeconds(60);
    private final String name;
    private final HookQueue queue;
    private final RelationHooks hooks;
    private final HookExecutor executor;
    private final RelationHookRetries retries;
    private final BooleanSupplier mayExecute;
    private final FailureHandler onFailure;
    private final Runnable onRetryDue;
    private final RetryListener onRetryScheduled;
    private long retryGeneration; // a scheduled retry acts only while it is the latest one
    private boolean retryPending;
    private boolean enabled;
    private boolean submitted;
    private boolean busy;
    private boolean closed;
    private int failures; // in a row, counted in memory: a restart starts again from the first wait
    private int faults; // unexpected errors in a row
    private long notBefore; // System.nanoTime() before which no job is submitted (a pending retry)

    RelationHookScheduler(String name, HookQueue queue, RelationHooks hooks, HookExecutor executor,
            RelationHookRetries retries, BooleanSupplier mayExecute, FailureHandler onFailure, Runnable onRetryDue) {
        this(name, queue, hooks, executor, retries, mayExecute, onFailure, onRetryDue, (attempt, at, wait) -> { });
    }

    RelationHookScheduler(String name, HookQueue queue, RelationHooks hooks, HookExecutor executor,
            RelationHookRetries retries, BooleanSupplier mayExecute, FailureHandler onFailure, Runnable onRetryDue,
            RetryListener onRetryScheduled) {
        this.onRetryScheduled = onRetryScheduled;
        this.name = name;
        this.queue = queue;
        this.hooks = hooks;
        this.executor = executor;
        this.retries = retries;
        this.mayExecute = mayExecute;
        this.onFailure = onFailure;
        this.onRetryDue = onRetryDue;
    }

    /** Lets the scheduler submit jobs, and submits one if work is waiting. */
    void enable() {
        synchronized (this) {
            enabled = !closed;
            notBefore = 0;
        }
        kick();
    }

    /** Submits nothing more; a job already queued on the executor will do nothing. */
    synchronized void disable() {
        enabled = false;
    }

    /** Submits a job unless one is pending, nothing is queued, or the relation may not execute now. */
    void kick() {
        boolean allowed = mayExecute.getAsBoolean() && !queue.pending().isEmpty();
        synchronized (this) {
            if (!allowed || closed || !enabled || submitted || System.nanoTime() - notBefore < 0) {
                return;
            }
            submitted = true;
        }
        try {
            executor.submit(this::runHead).whenComplete(this::jobEnded);
        } catch (IllegalStateException e) {
            LOG.debug("{}: hook executor closed, relation hooks wait for the next start", name);
            synchronized (this) {
                submitted = false;
            }
        }
    }

    private HookResult runHead() {
        synchronized (this) {
            if (closed || !enabled) {
                return new HookResult.Succeeded();
            }
            busy = true;
        }
        try {
            Optional<RelationChange> head = mayExecute.getAsBoolean() ? queue.next() : Optional.empty();
            if (head.isEmpty()) {
                return new HookResult.Succeeded();
            }
            RelationChange change = head.get();
            HookResult result = runAndCommit(change);
            if (result instanceof HookResult.Failed failed) {
                headFailed(change, failed); // the head stays, with its stored effects if it ran
            } else {
                resetFailures();
            }
            return result;
        } finally {
            synchronized (this) {
                busy = false;
                notifyAll();
            }
        }
    }

    /**
     * Runs the head when it is the relation's {@code created} and the relation may execute, committed as
     * any head is; a failure is reported as any head's (the relation goes to error, the head stays for its
     * retry). Called only from a job of {@link #runExclusive}, at the unit's setup, before the scheduler is
     * enabled: nothing else of the queue runs then.
     */
    HookResult runCreatedHead() {
        boolean createdFirst = queue.pending().stream().findFirst()
                .map(head -> head.type() == jujube.workflow.ChangeType.CREATED).orElse(false);
        Optional<RelationChange> head = createdFirst && mayExecute.getAsBoolean() ? queue.next() : Optional.empty();
        if (head.isEmpty()) {
            return new HookResult.Succeeded();
        }
        HookResult result = runAndCommit(head.get());
        if (result instanceof HookResult.Failed failed) {
            headFailed(head.get(), failed);
        } else {
            resetFailures();
        }
        return result;
    }

    /**
     * Runs every queued change in turn, failures included (each logged and committed unrun: nothing is left
     * to retry against once the unit departs). Called only from a job of {@link #runExclusive}, when the
     * unit departs the relation for good and the queue holds the departed of every remote unit.
     *
     * @throws IllegalStateException when the scheduler is closed meanwhile (the agent stops: the rest of
     *     the queue, persisted, runs at the next start)
     */
    void runAllForDeparture() {
        for (Optional<RelationChange> head = queue.next(); head.isPresent(); head = queue.next()) {
            synchronized (this) {
                if (closed) {
                    throw new IllegalStateException(name + ": stopped while running the departure's hooks");
                }
            }
            RelationChange change = head.get();
            if (runAndCommit(change) instanceof HookResult.Failed failed) {
                LOG.warn("{}: {} of {} failed while the unit departs ({}); going on", name, hooks.hookName(change),
                        change.unit(), failed.reason());
                queue.commit(change);
            }
        }
    }

    /**
     * Runs the claimed head's hook and commits it on success, each step persisted; a head found executed
     * (the agent died after its hook) is not run again: its stored effects are applied and it is committed.
     * A failure leaves the head claimed.
     */
    private HookResult runAndCommit(RelationChange change) {
        Optional<ObjectNode> stored = queue.executedEffects();
        HookResult result;
        HookEffects effects;
        if (stored.isPresent()) {
            // the hook succeeded before a crash: running it again would commit its effects twice
            LOG.info("{}: {} of {} already ran; applying its stored changes", name, hooks.hookName(change),
                    change.unit());
            result = new HookResult.Succeeded();
            effects = hooks.decode(stored.get());
        } else {
            ExecutedHook executed = hooks.execute(change);
            result = executed.result();
            if (result instanceof HookResult.Failed) {
                return result; // nothing applied
            }
            effects = executed.effects();
            if (effects.writesNothing()) {
                // nothing to apply, so nothing to apply twice: a crash before the commit runs the
                // hook again (at least once, as the original), and the write is spared
                queue.commit(change);
                return result;
            }
            queue.executed(change, hooks.encode(effects)); // persisted before any of it is applied
        }
        HookResult applied = hooks.apply(change, effects);
        if (applied instanceof HookResult.Failed) {
            return applied; // retried from the stored effects, the hook does not run again
        }
        queue.commit(change);
        return result;
    }

    private synchronized void resetFailures() {
        failures = 0;
        retryGeneration++; // a retry still scheduled has nothing left to do
        retryPending = false;
    }

    private void headFailed(RelationChange change, HookResult.Failed failed) {
        onFailure.failed(change, hooks.hookName(change) + " failed: " + failed.reason());
        retryLater();
    }

    /**
     * Schedules the reset of the relation in error ({@code onRetryDue}) after the next wait, while automatic
     * retries are on, unless one is scheduled already: after each failure, and when an agent resumes a
     * relation it found in error (the count of retries starts again with a new agent).
     */
    void retryLater() {
        if (!automaticRetries()) {
            return;
        }
        int attempt;
        long generation;
        synchronized (this) {
            if (closed || retryPending) {
                return;
            }
            attempt = ++failures;
            generation = ++retryGeneration;
            retryPending = true;
        }
        Duration wait = retries.backoff().before(attempt);
        LOG.warn("{}: relation in error; retry {} in {} s", name, attempt, wait.toSeconds());
        onRetryScheduled.scheduled(attempt, java.time.Instant.now().plus(wait).truncatedTo(java.time.temporal.ChronoUnit.SECONDS),
                wait);
        retries.delayed().schedule(wait, () -> {
            synchronized (this) {
                if (closed || generation != retryGeneration) {
                    return; // stopped, or the relation recovered meanwhile
                }
                retryPending = false;
            }
            onRetryDue.run();
        });
    }

    private boolean automaticRetries() {
        try {
            return retries.enabled().getAsBoolean();
        } catch (RuntimeException e) {
            // the environment's setting is unreadable now (ZooKeeper away): its default, on
            LOG.debug("{}: could not read automatically-retry-hooks: {}", name, e.toString());
            return true;
        }
    }

    private void jobEnded(HookResult result, Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        Duration delay = null;
        synchronized (this) {
            submitted = false;
            if (cause instanceof CancellationException) {
                return; // the executor was closed: the agent is going away
            }
            if (cause != null) {
                faults++;
                delay = Duration.ofSeconds(1L << Math.min(faults - 1, 6));
                delay = delay.compareTo(MAX_FAULT_DELAY) > 0 ? MAX_FAULT_DELAY : delay;
                notBefore = System.nanoTime() + delay.toNanos();
            } else {
                faults = 0;
            }
        }
        if (delay != null) {
            // caught once here, at the loop boundary; the head is still claimed and runs again
            LOG.warn("{}: relation hook job failed unexpectedly; trying again in {}", name, delay, cause);
            later(delay);
        } else {
            kick();
        }
    }

    private void later(Duration delay) {
        CompletableFuture.delayedExecutor(delay.toMillis() + 1, TimeUnit.MILLISECONDS).execute(this::kick);
    }

    /**
     * Runs {@code job} (the relation's depart) on the executor as the queue's jobs run, excluded from
     * {@link #close()} likewise; {@code now} runs it ahead of the queue when the executor is stopped (a
     * unit being removed). A job that starts after {@link #close()} does nothing.
     */
    CompletionStage<HookResult> runExclusive(HookJob job, boolean now) {
        HookJob guarded = () -> {
            synchronized (this) {
                if (closed) {
                    return new HookResult.Succeeded();
                }
                busy = true;
            }
            try {
                return job.run();
            } finally {
                synchronized (this) {
                    busy = false;
                    notifyAll();
                }
            }
        };
        if (now && !executor.isRunning()) {
            try {
                return executor.runPriority(guarded);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return CompletableFuture.failedFuture(e);
            } catch (IllegalStateException startedMeanwhile) {
                // started between the check and the call: queue it like any other job
            }
        }
        try {
            return executor.submit(guarded);
        } catch (IllegalStateException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * Disables the scheduler for good and waits for a job in progress, so nothing touches the queue once
     * this returns (a job queued behind it on the executor does nothing).
     */
    void close() {
        synchronized (this) {
            closed = true;
            enabled = false;
            boolean interrupted = false;
            while (busy) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
