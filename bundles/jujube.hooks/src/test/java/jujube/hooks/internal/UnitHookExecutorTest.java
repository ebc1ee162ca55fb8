package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import jujube.hooks.HookExecutor;
import jujube.hooks.HookJob;
import jujube.hooks.HookResult;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** One hook at a time, in order; stop, start and priority jobs. */
class UnitHookExecutorTest {
    /** Waits for hooks and their processes: every 10 ms. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10));

    private static final Duration DEADLINE = Duration.ofSeconds(10);
    private static final HookResult OK = new HookResult.Succeeded();

    final UnitHookExecutor executor = new UnitHookExecutor("wordpress/0");
    final List<String> ran = Collections.synchronizedList(new ArrayList<>());

    @AfterEach
    void close() {
        executor.close();
    }

    @Test
    void runs_jobs_in_order_on_the_units_thread() throws Exception {
        List<CompletionStage<HookResult>> results = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            results.add(executor.submit(record("job" + i)));
        }
        AtomicReference<String> thread = new AtomicReference<>();
        results.add(executor.submit(() -> {
            thread.set(Thread.currentThread().getName());
            return OK;
        }));

        executor.start();

        for (CompletionStage<HookResult> result : results) {
            assertEquals(OK, await(result));
        }
        assertEquals(List.of("job0", "job1", "job2", "job3", "job4"), ran);
        assertEquals("jujube-wordpress-0-hooks", thread.get());
    }

    @Test
    void is_created_stopped_and_keeps_its_queue() throws Exception {
        CompletionStage<HookResult> queued = executor.submit(record("install"));

        assertFalse(executor.isRunning());
        assertEquals(1, executor.queueSize());
        assertFalse(queued.toCompletableFuture().isDone());

        executor.start();
        assertEquals(OK, await(queued));
        assertTrue(executor.isRunning());
        assertEquals(0, executor.queueSize());
    }

    @Test
    void stop_waits_for_the_running_job_and_keeps_the_queue() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CompletionStage<HookResult> running = executor.submit(() -> {
            entered.countDown();
            release.await();
            ran.add("config-changed");
            return OK;
        });
        CompletionStage<HookResult> queued = executor.submit(record("start"));
        executor.start();
        assertTrue(entered.await(DEADLINE.toSeconds(), TimeUnit.SECONDS));

        AtomicReference<Boolean> runningDoneWhenStopped = new AtomicReference<>();
        Thread stopper = new Thread(() -> {
            try {
                executor.stop();
                runningDoneWhenStopped.set(running.toCompletableFuture().isDone());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        stopper.start();
        // stop() is parked waiting for the job, not returned.
        POLLING.atMost(DEADLINE).until(() -> stopper.getState() == Thread.State.WAITING);
        assertTrue(stopper.isAlive());

        release.countDown();
        stopper.join(DEADLINE.toMillis());

        assertEquals(Boolean.TRUE, runningDoneWhenStopped.get());
        assertFalse(executor.isRunning());
        assertEquals(1, executor.queueSize());
        assertFalse(queued.toCompletableFuture().isDone());
        assertEquals(List.of("config-changed"), ran);

        executor.start();
        assertEquals(OK, await(queued));
        assertEquals(List.of("config-changed", "start"), ran);
    }

    @Test
    void priority_jobs_run_only_while_stopped() throws Exception {
        CompletionStage<HookResult> queued = executor.submit(record("config-changed"));

        CompletionStage<HookResult> upgraded = executor.runPriority(record("upgrade-charm"));

        assertTrue(upgraded.toCompletableFuture().isDone());
        assertEquals(OK, await(upgraded));
        assertEquals(List.of("upgrade-charm"), ran);
        assertEquals(1, executor.queueSize());

        executor.start();
        assertEquals(OK, await(queued));
        assertThrows(IllegalStateException.class, () -> executor.runPriority(record("upgrade-charm")));
        assertEquals(List.of("upgrade-charm", "config-changed"), ran);
    }

    @Test
    void a_failing_job_fails_its_stage_only() throws Exception {
        IllegalStateException boom = new IllegalStateException("no such unit");
        CompletionStage<HookResult> failing = executor.submit(() -> {
            throw boom;
        });
        CompletionStage<HookResult> next = executor.submit(record("start"));
        executor.start();

        ExecutionException thrown = assertThrows(ExecutionException.class,
                () -> failing.toCompletableFuture().get(DEADLINE.toSeconds(), TimeUnit.SECONDS));
        assertSame(boom, thrown.getCause());
        assertEquals(OK, await(next));
    }

    @Test
    void a_job_may_stop_its_own_executor() throws Exception {
        CompletionStage<HookResult> stopping = executor.submit(() -> {
            executor.stop();
            return OK;
        });
        CompletionStage<HookResult> queued = executor.submit(record("start"));
        executor.start();

        assertEquals(OK, await(stopping));
        assertFalse(executor.isRunning());
        assertEquals(1, executor.queueSize());
        assertFalse(queued.toCompletableFuture().isDone());
    }

    @Test
    void close_cancels_queued_jobs_and_ends_the_thread() {
        CompletionStage<HookResult> queued = executor.submit(record("install"));

        executor.close();

        CompletableFuture<HookResult> future = queued.toCompletableFuture();
        assertTrue(future.isCompletedExceptionally());
        ExecutionException thrown = assertThrows(ExecutionException.class, future::get);
        assertInstanceOf(CancellationException.class, thrown.getCause());
        assertThrows(IllegalStateException.class, () -> executor.submit(record("start")));
        assertThrows(IllegalStateException.class, executor::start);
        assertFalse(Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().equals("jujube-wordpress-0-hooks")));
    }

    @Test
    void the_factory_closes_what_is_left_open() {
        HookExecutorsComponent factory = new HookExecutorsComponent();
        HookExecutor first = factory.newExecutor("mysql/0");
        HookExecutor second = factory.newExecutor("mysql/1");
        CompletionStage<HookResult> queued = first.submit(record("install"));
        second.close();

        factory.deactivate();

        assertTrue(queued.toCompletableFuture().isCompletedExceptionally());
        assertThrows(IllegalStateException.class, first::start);
    }

    private HookJob record(String name) {
        return () -> {
            ran.add(name);
            return OK;
        };
    }

    private static HookResult await(CompletionStage<HookResult> stage) throws Exception {
        return stage.toCompletableFuture().get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
    }
}
