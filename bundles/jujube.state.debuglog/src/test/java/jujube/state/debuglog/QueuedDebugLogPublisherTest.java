package jujube.state.debuglog;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import jujube.model.LogRecord;
import jujube.model.StateException;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.Test;

/** The publisher in front of a writer that stands for a slow or failing ZooKeeper. */
class QueuedDebugLogPublisherTest {
    /** Waits for the publisher's writer thread: every 5 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Awaitility.with().atMost(Duration.ofSeconds(20))
            .pollInterval(Duration.ofMillis(5)).dontCatchUncaughtExceptions();

    private static final Instant T0 = Instant.parse("2012-06-01T10:00:00Z");
    private static final Clock CLOCK = Clock.fixed(T0, ZoneOffset.UTC);
    private final List<LogRecord> written = new ArrayList<>(); // guarded by itself

    private static LogRecord record(String unit, int i) {
        return new LogRecord(unit, "hook.output", "INFO", "line " + i, T0);
    }

    @Test
    void a_slow_writer_never_blocks_publish_and_the_losses_are_told() throws Exception {
        CountDownLatch writing = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        int capacity = 10;
        try (QueuedDebugLogPublisher publisher = QueuedDebugLogPublisher.start(batch -> {
            writing.countDown();
            await(release);
            synchronized (written) {
                written.addAll(batch);
            }
            return List.of();
        }, capacity, CLOCK)) {
            publisher.publish(record("mysql/0", 0));
            assertTrue(writing.await(20, TimeUnit.SECONDS)); // the writer holds record 0 and is stuck
            assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
                for (int i = 1; i <= 5000; i++) {
                    publisher.publish(record(i % 2 == 0 ? "mysql/0" : "blog/1", i));
                }
            });
            assertEquals(5000 - capacity, publisher.dropped());
            release.countDown();
            POLLING.until(() -> size() >= 1 + capacity + 2);
            synchronized (written) {
                assertEquals(1 + capacity + 2, written.size(), written::toString);
                assertEquals(record("mysql/0", 0), written.get(0));
                // the account comes first in the batch after the losses, per agent
                assertEquals(new LogRecord("blog/1", "debug-log", "WARNING",
                        "2495 debug-log record(s) of blog/1 dropped: ZooKeeper did not keep up", T0), written.get(1));
                assertEquals(new LogRecord("mysql/0", "debug-log", "WARNING",
                        "2495 debug-log record(s) of mysql/0 dropped: ZooKeeper did not keep up", T0), written.get(2));
                assertEquals(record("blog/1", 1), written.get(3));
            }
        }
    }

    @Test
    void a_failed_write_is_counted_and_told_once_the_writer_succeeds() throws Exception {
        AtomicBoolean fail = new AtomicBoolean(true);
        try (QueuedDebugLogPublisher publisher = QueuedDebugLogPublisher.start(batch -> {
            if (fail.get()) {
                throw new StateException("ZooKeeper request on /logs failed: connection loss");
            }
            synchronized (written) {
                written.addAll(batch);
            }
            return List.of();
        }, 10, CLOCK)) {
            publisher.publish(record("mysql/0", 2));
            POLLING.until(() -> publisher.dropped() >= 1);
            assertEquals(1, publisher.dropped());
            fail.set(false);
            publisher.publish(record("mysql/0", 3));
            POLLING.until(() -> size() >= 2);
            synchronized (written) {
                assertEquals(List.of(new LogRecord("mysql/0", "debug-log", "WARNING",
                        "1 debug-log record(s) of mysql/0 dropped: ZooKeeper did not keep up", T0), record("mysql/0", 3)),
                        written);
            }
        }
    }

    private int size() {
        synchronized (written) {
            return written.size();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StateException("interrupted");
        }
    }
}
