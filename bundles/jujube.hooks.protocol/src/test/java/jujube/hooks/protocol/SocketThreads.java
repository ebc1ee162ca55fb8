package jujube.hooks.protocol;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Test helpers: counting the server's threads and waiting for a condition with a deadline. */
final class SocketThreads {
    private SocketThreads() {
    }

    static long count() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith("jujube-hooksocket-"))
                .count();
    }

    static void await(Duration timeout, BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            // Polling an observable condition, not timing: the deadline is the only bound.
            LockSupport.parkNanos(2_000_000);
        }
    }
}
