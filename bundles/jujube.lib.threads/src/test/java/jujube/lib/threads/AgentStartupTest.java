package jujube.lib.threads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class AgentStartupTest {
    private static final ConditionFactory POLLING = Awaitility.with().atMost(Duration.ofSeconds(20))
            .pollInterval(Duration.ofMillis(10));
    private static final AgentStartup.Readiness READY = (period, stillWaiting) -> true;
    private static final Backoff QUICK = new Backoff(Duration.ofMillis(10), Duration.ofMillis(40));
    private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(
            r -> new Thread(r, "jujube-test-agent-start"));

    @AfterEach
    void stopExecutor() throws InterruptedException {
        executor.shutdownNow();
        assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS));
    }

    @Test
    void a_step_that_fails_twice_is_retried_until_it_succeeds() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        AgentStartup startup = new AgentStartup("test agent", READY, executor, QUICK);
        startup.start(() -> {
            if (runs.incrementAndGet() <= 2) {
                throw new IllegalStateException("attempt " + runs.get());
            }
        });
        POLLING.until(startup::isStarted);
        assertEquals(3, runs.get());
        assertEquals(2, startup.failures());
    }

    @Test
    void a_step_that_keeps_failing_is_retried_on_the_agents_thread_until_the_agent_stops() throws Exception {
        List<Thread> threads = new CopyOnWriteArrayList<>();
        AgentStartup startup = new AgentStartup("test agent", READY, executor, QUICK);
        startup.start(() -> {
            threads.add(Thread.currentThread());
            throw new IllegalStateException("never starts");
        });
        POLLING.until(() -> startup.failures() >= 3);
        assertTrue(threads.stream().allMatch(t -> t.getName().equals("jujube-test-agent-start")), "on the agent's thread");
        executor.shutdownNow();
        assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS), "a pending retry does not keep the agent's thread");
        assertFalse(startup.isStarted());
    }

    @Test
    void an_agent_interrupted_while_waiting_for_readiness_never_runs_its_step() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        java.util.concurrent.CountDownLatch waited = new java.util.concurrent.CountDownLatch(1);
        AgentStartup startup = new AgentStartup("test agent", (period, stillWaiting) -> {
            stillWaiting.accept("not there yet");
            waited.countDown();
            return false;
        }, executor, QUICK);
        startup.start(runs::incrementAndGet);
        assertTrue(waited.await(10, TimeUnit.SECONDS));
        executor.shutdown();
        assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS));
        assertEquals(0, runs.get());
        assertFalse(startup.isStarted());
    }

    @Test
    void the_backoff_doubles_up_to_its_last_delay() {
        assertEquals(Duration.ofMillis(20), QUICK.next(QUICK.first()));
        assertEquals(Duration.ofMillis(40), QUICK.next(Duration.ofMillis(20)));
        assertEquals(Duration.ofMillis(40), QUICK.next(Duration.ofMillis(40)));
        assertThrows(IllegalArgumentException.class, () -> new Backoff(Duration.ofSeconds(2), Duration.ofSeconds(1)));
        assertThrows(IllegalArgumentException.class, () -> new Backoff(Duration.ZERO, Duration.ofSeconds(1)));
    }
}
