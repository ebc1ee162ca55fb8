package jujube.hooks.internal;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import jujube.hooks.HookExecutor;
import jujube.hooks.HookJob;
import jujube.hooks.HookResult;
import jujube.lib.threads.Threads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link HookExecutor} of one unit: a FIFO queue and one daemon thread named
 * {@code jujube-<unit>-hooks}. One lock guards all state; a job holds the "busy" mark while it runs,
 * whether on the worker or on a priority caller, which is what keeps jobs one at a time.
 */
public final class UnitHookExecutor implements HookExecutor {
    private static final Logger LOG = LoggerFactory.getLogger(UnitHookExecutor.class);

    private final String unitName;
    private final Consumer<UnitHookExecutor> onClose;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final Deque<Pending> queue = new ArrayDeque<>();
    private final Thread worker;
    private boolean started;
    private boolean busy;
    private boolean closed;

    /** A stopped executor for {@code unitName}; its thread starts at once and waits for work. */
    public UnitHookExecutor(String unitName) {
        this(unitName, executor -> { });
    }

    UnitHookExecutor(String unitName, Consumer<UnitHookExecutor> onClose) {
        this.unitName = Objects.requireNonNull(unitName, "unitName");
        this.onClose = onClose;
        worker = Threads.startDaemon("jujube-" + ThreadNames.sanitize(unitName) + "-hooks", this::work);
    }

    @Override
    public CompletionStage<HookResult> submit(HookJob job) {
        Objects.requireNonNull(job, "job");
        Pending pending = new Pending(job, new CompletableFuture<>());
        lock.lock();
        try {
            requireOpen();
            queue.addLast(pending);
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        return pending.result().minimalCompletionStage();
    }

    @Override
    public void start() {
        lock.lock();
        try {
            requireOpen();
            if (!started) {
                LOG.debug("unit={}: hook executor started", unitName);
            }
            started = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void stop() throws InterruptedException {
        lock.lock();
        try {
            started = false;
            if (Thread.currentThread() == worker) {
                return;
            }
            while (busy) {
                changed.await();
            }
            LOG.debug("unit={}: hook executor stopped, {} queued", unitName, queue.size());
        } finally {
            lock.unlock();
        }
    }

    @Override
    public CompletionStage<HookResult> runPriority(HookJob job) throws InterruptedException {
        Objects.requireNonNull(job, "job");
        lock.lock();
        try {
            requireOpen();
            if (Thread.currentThread() == worker) {
                throw new IllegalStateException("a hook job cannot run a priority job");
            }
            if (started) {
                throw new IllegalStateException("a priority hook runs only while the executor is stopped");
            }
            while (busy) { // another priority job
                changed.await();
            }
            busy = true;
        } finally {
            lock.unlock();
        }
        CompletableFuture<HookResult> result = new CompletableFuture<>();
        try {
            runJob(job, result);
        } finally {
            idle();
        }
        return result.minimalCompletionStage();
    }

    @Override
    public boolean isRunning() {
        lock.lock();
        try {
            return started && !closed;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int queueSize() {
        lock.lock();
        try {
            return queue.size();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            started = false;
            queue.forEach(p -> p.result().completeExceptionally(new CancellationException("executor closed")));
            queue.clear();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        onClose.accept(this);
        if (Thread.currentThread() != worker) {
            joinWorker();
        }
    }

    private void joinWorker() {
        try {
            worker.join();
        } catch (InterruptedException e) {
            // Our caller cannot wait: interrupting the job makes the invoker kill the running hook.
            worker.interrupt();
            Thread.currentThread().interrupt();
        }
    }

    private void work() {
        while (true) {
            Pending next;
            lock.lock();
            try {
                while (!closed && (!started || busy || queue.isEmpty())) {
                    changed.awaitUninterruptibly();
                }
                if (closed) {
                    return;
                }
                next = queue.pollFirst();
                busy = true;
            } finally {
                lock.unlock();
            }
            try {
                runJob(next.job(), next.result());
            } finally {
                Thread.interrupted(); // a job's interrupt must not leak into the next one
                idle();
            }
        }
    }

    private void runJob(HookJob job, CompletableFuture<HookResult> result) {
        try {
            result.complete(Objects.requireNonNull(job.run(), "a hook job returned no result"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            result.completeExceptionally(e);
        } catch (Exception | Error e) {
            // Even an Error completes the stage, so no caller waits forever; the stage's consumer
            // (the unit agent) owns the failure and logs it.
            LOG.debug("unit={}: hook job failed", unitName, e);
            result.completeExceptionally(e);
        }
    }

    private void idle() {
        lock.lock();
        try {
            busy = false;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("hook executor of " + unitName + " is closed");
        }
    }

    private record Pending(HookJob job, CompletableFuture<HookResult> result) {
    }
}
