package jujube.lib.threads;

import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A task run on an executor for bursts of requests, as reconciling passes are: requests made before a run
 * starts share that run, and a request made while a run goes on queues one more, which then sees what the
 * request was about. So a hundred watch events in a row cost a pass or two, never a hundred, and none is
 * missed.
 */
public final class CoalescedRuns {
    private final Executor executor;
    private final Runnable task;
    private final AtomicBoolean queued = new AtomicBoolean();

    public CoalescedRuns(Executor executor, Runnable task) {
        this.executor = Objects.requireNonNull(executor, "executor");
        this.task = Objects.requireNonNull(task, "task");
    }

    /**
     * Queues a run unless one is queued and not started yet. An executor that refuses (it is shutting down)
     * gets no more requests: its owner is stopping, and the next one makes its own runs.
     */
    public void request() {
        if (queued.compareAndSet(false, true)) {
            try {
                executor.execute(this::run);
            } catch (RejectedExecutionException stopping) {
                // left queued: nothing runs on this executor any more
            }
        }
    }

    private void run() {
        queued.set(false); // a request from here on queues another run, which sees its cause
        task.run();
    }
}
