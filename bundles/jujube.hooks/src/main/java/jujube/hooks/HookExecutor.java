package jujube.hooks;

import java.util.concurrent.CompletionStage;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Runs one unit's hook jobs one at a time, in submission order, on its own thread. It is created
 * stopped: queued jobs wait until {@link #start()}. {@link #stop()} waits for the job in progress,
 * if any, and leaves the queue as it is. While stopped, {@link #runPriority} runs a job (such as
 * upgrade-charm) ahead of the queue. {@link #close()} cancels what is queued, waits for the job in
 * progress and ends the thread.
 */
@ProviderType
public interface HookExecutor extends AutoCloseable {

    /**
     * Queues a job; the stage completes with its result, exceptionally with what it threw, or with a
     * {@link java.util.concurrent.CancellationException} if the executor is closed first.
     *
     * @throws IllegalStateException if the executor is closed
     */
    CompletionStage<HookResult> submit(HookJob job);

    /** Lets queued and future jobs run; a no-op when already running. */
    void start();

    /**
     * Stops taking jobs from the queue and waits until no job is in progress; queued jobs stay
     * queued. Called from inside a job, it only stops the executor (a job cannot wait for itself).
     */
    void stop() throws InterruptedException;

    /**
     * Runs {@code job} now, on the calling thread, ahead of everything queued; the executor stays
     * stopped meanwhile and {@link #start()} takes effect only after it ends. The returned stage is
     * already complete. Another priority job in progress is waited for first.
     *
     * @throws IllegalStateException if the executor is running or closed, or when called from a job
     */
    CompletionStage<HookResult> runPriority(HookJob job) throws InterruptedException;

    /** Whether queued jobs are being run (started and not closed). */
    boolean isRunning();

    /** How many jobs are queued and not yet begun. */
    int queueSize();

    /** Cancels queued jobs, waits for the job in progress and ends the executor's thread. */
    @Override
    void close();
}
