package jujube.state.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import jujube.state.Change;
import org.junit.jupiter.api.Test;

class SerialDeliveryTest {

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
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (seen.size() < 2 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        delivery.offer(5); // unchanged: not delivered again
        delivery.offer(6);
        while (seen.size() < 3 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        executor.shutdown();
        executor.awaitTermination(10, TimeUnit.SECONDS);
        assertEquals(List.of(new Change<>(0, 1), new Change<>(1, 5), new Change<>(5, 6)), seen);
    }
}
