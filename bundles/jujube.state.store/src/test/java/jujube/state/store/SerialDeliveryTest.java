package jujube.state.store;

import jujube.state.store.SerialDelivery;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import jujube.state.Change;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.Test;

class SerialDeliveryTest {
    /** Waits for the deliveries: every 5 ms for up to 10 s. */
    private static final ConditionFactory POLLING = Awaitility.with().atMost(Duration.ofSeconds(10))
            .pollInterval(Duration.ofMillis(5)).dontCatchUncaughtExceptions();

    @Test
    void values_offered_during_a_call_are_merged_into_one_change() throws Exception {
        ExecutorService executor = Executors.newCachedThreadPool();
        CountDownLatch inFirstCall = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<Change<Integer>> seen = new CopyOnWriteArrayList<>();
        SerialDelivery<Integer> delivery = new SerialDelivery<>(executor, c -> {
            if (c.current() == 1) {
                inFirstCall.countDown();
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            seen.add(c);
        }, 0);
        delivery.offer(1);
        inFirstCall.await(10, TimeUnit.SECONDS);
        for (int v = 2; v <= 5; v++) {
            delivery.offer(v);
        }
        release.countDown();
        POLLING.await("the first change and the merged one").until(() -> seen.size() >= 2);
        delivery.offer(5); // unchanged: not delivered again
        delivery.offer(6);
        POLLING.await("the change to 6").until(() -> seen.size() >= 3);
        executor.shutdown();
        executor.awaitTermination(10, TimeUnit.SECONDS);
        assertEquals(List.of(new Change<>(0, 1), new Change<>(1, 5), new Change<>(5, 6)), seen);
    }
}
