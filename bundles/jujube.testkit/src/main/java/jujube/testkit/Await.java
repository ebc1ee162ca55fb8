package jujube.testkit;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waiting on what agents do in their own threads: tests poll an observable condition, never sleep blind. */
public final class Await {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    private Await() {
    }

    /** Polls {@code condition} every 10 ms until it holds; fails naming {@code what} after 20 s. */
    public static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for: " + what);
            }
            Thread.sleep(10);
        }
    }
}
