package jujube.lib.threads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ThreadFactoriesTest {

    @Test
    void a_fixed_name_factory_makes_unstarted_daemon_threads_of_that_name() {
        ThreadFactory factory = ThreadFactories.daemon("jujube-test-worker");
        Thread first = factory.newThread(() -> { });
        Thread second = factory.newThread(() -> { });
        assertEquals("jujube-test-worker", first.getName());
        assertEquals("jujube-test-worker", second.getName());
        assertTrue(first.isDaemon());
        assertEquals(Thread.State.NEW, first.getState());
    }

    @Test
    void a_numbered_factory_counts_from_one_per_factory() {
        ThreadFactory factory = ThreadFactories.numbered("jujube-test-pool");
        assertEquals("jujube-test-pool-1", factory.newThread(() -> { }).getName());
        assertEquals("jujube-test-pool-2", factory.newThread(() -> { }).getName());
        assertTrue(factory.newThread(() -> { }).isDaemon());
        assertEquals("jujube-test-pool-1", ThreadFactories.numbered("jujube-test-pool").newThread(() -> { }).getName());
    }

    @Test
    void a_started_daemon_runs_its_task() throws InterruptedException {
        CountDownLatch ran = new CountDownLatch(1);
        Thread thread = Threads.startDaemon("jujube-test-once", ran::countDown);
        assertTrue(ran.await(10, TimeUnit.SECONDS));
        assertTrue(thread.isDaemon());
        assertEquals("jujube-test-once", thread.getName());
        assertFalse(Threads.daemon("jujube-test-later", () -> { }).isAlive());
    }
}
