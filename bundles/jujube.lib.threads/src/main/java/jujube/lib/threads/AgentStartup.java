package jujube.lib.threads;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How an agent starts against the environment, on its own executor so that activation never blocks
 * the framework: wait until what it needs is ready (its {@link Readiness}: ZooKeeper and the
 * environment, for an agent of the state), then run the agent's start-up step. A step that throws is logged once and the whole attempt (the
 * wait included, ZooKeeper may be what went away) is scheduled again after a {@link Backoff} delay,
 * until it succeeds or the executor is shut down (the agent deactivated): an agent never stays dead
 * in a live process because one start failed.
 *
 * <p>The step may fail half-way, so it must be safe to run again: it keeps what it already set up
 * (a presence, a watch) rather than setting it up twice.
 *
 * @since 1.2
 */
public final class AgentStartup {
    /** What an agent waits for before each attempt. */
    @FunctionalInterface
    public interface Readiness {
        /**
         * Waits, however long it takes, until ready, telling {@code stillWaiting} why at each
         * {@code period} spent waiting.
         *
         * @return false when the thread was interrupted (the agent stops), true once ready
         */
        boolean await(Duration period, java.util.function.Consumer<String> stillWaiting);
    }


    private static final Logger LOG = LoggerFactory.getLogger(AgentStartup.class);
    private static final Duration WAIT_REPORT_PERIOD = Duration.ofSeconds(30);

    private final String agent;
    private final Readiness readiness;
    private final ScheduledExecutorService executor;
    private final Backoff backoff;
    private final AtomicInteger failures = new AtomicInteger();
    private volatile boolean started;

    /**
     * @param agent names the agent in the log ({@code machine agent 3})
     * @param executor the agent's own thread, shut down when the agent stops
     */
    public AgentStartup(String agent, Readiness readiness, ScheduledExecutorService executor, Backoff backoff) {
        this.agent = Objects.requireNonNull(agent, "agent");
        this.readiness = Objects.requireNonNull(readiness, "readiness");
        this.executor = Objects.requireNonNull(executor, "executor");
        this.backoff = Objects.requireNonNull(backoff, "backoff");
    }

    /** Starts the first attempt of {@code step} on the executor and returns at once. */
    public void start(Runnable step) {
        Objects.requireNonNull(step, "step");
        submit(() -> attempt(step, backoff.first()), Duration.ZERO);
    }

    /** Whether the step has succeeded. */
    public boolean isStarted() {
        return started;
    }

    /** How many attempts have failed so far. */
    public int failures() {
        return failures.get();
    }

    private void attempt(Runnable step, Duration delay) {
        if (!readiness.await(WAIT_REPORT_PERIOD, why -> LOG.warn("{} still waiting: {}", agent, why))) {
            return; // stopped meanwhile
        }
        try {
            step.run();
            started = true;
        } catch (RuntimeException e) {
            if (Thread.currentThread().isInterrupted()) {
                LOG.debug("{}: stopped while starting: {}", agent, e.toString());
                return;
            }
            failures.incrementAndGet();
            LOG.warn("{} cannot start, retrying in {} ms: {}", agent, delay.toMillis(), e.toString());
            LOG.debug("{}: start-up failure", agent, e);
            submit(() -> attempt(step, backoff.next(delay)), delay);
        }
    }

    private void submit(Runnable attempt, Duration delay) {
        try {
            executor.schedule(attempt, delay.toMillis(), TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            LOG.debug("{}: stopped before starting", agent);
        }
    }
}
