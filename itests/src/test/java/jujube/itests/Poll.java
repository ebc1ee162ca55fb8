package jujube.itests;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Waits for observable state with a deadline, instead of sleeping for a guessed time. */
final class Poll {
    private static final long INTERVAL_MS = 50;

    private Poll() {}

    /** Polls {@code condition} until it holds; fails naming {@code what} and the last {@code state} seen. */
    static void until(String what, Duration timeout, BooleanSupplier condition, Supplier<String> state) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + timeout.toSeconds() + " s waiting for " + what
                        + "; last seen: " + state.get());
            }
            try {
                Thread.sleep(INTERVAL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what, e);
            }
        }
    }

    static void until(String what, Duration timeout, BooleanSupplier condition) {
        until(what, timeout, condition, () -> "(nothing recorded)");
    }
}
