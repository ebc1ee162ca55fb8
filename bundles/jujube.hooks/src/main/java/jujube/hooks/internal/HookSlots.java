package jujube.hooks.internal;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import jujube.hooks.HookInvocation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How many hooks of a machine's units start at once, when the operator limits it (package installs of many
 * units competing for one disk and network, say). A slot is a scheduling hint, not a lock: a hook gives its
 * slot up once it has run for the hold time, so a long hook or one waiting for something (another unit's
 * service coming up) never holds other units back for longer than that, and no set of hooks can wait for
 * each other forever.
 */
final class HookSlots {
    private static final Logger LOG = LoggerFactory.getLogger(HookSlots.class);

    private final Semaphore free; // null: no limit
    private final int count;
    private final Duration hold;

    private HookSlots(int count, Duration hold) {
        this.free = count == 0 ? null : new Semaphore(count, true);
        this.count = count;
        this.hold = hold;
    }

    /** No limit: every hook starts at once. */
    static HookSlots unlimited() {
        return new HookSlots(0, Duration.ZERO);
    }

    /**
     * @param count how many hooks hold a slot at once, at least 1
     * @param hold how long a running hook keeps its slot; {@link Duration#ZERO}: until it ends
     */
    static HookSlots of(int count, Duration hold) {
        if (count < 1 || hold.isNegative()) {
            throw new IllegalArgumentException("hook slots: count must be 1 or more and hold not negative, got "
                    + count + " and " + hold);
        }
        return new HookSlots(count, hold);
    }

    /** The configured limit: {@code -1} none (the default), {@code 0} one slot per core, else that many. */
    static HookSlots configured(int maxConcurrentHooks, Duration hold) {
        if (maxConcurrentHooks < -1) {
            throw new IllegalArgumentException("jujube.hooks.invoker: maxConcurrentHooks must be -1 (no limit), "
                    + "0 (one per core) or more, got " + maxConcurrentHooks);
        }
        if (hold.isNegative()) {
            throw new IllegalArgumentException("jujube.hooks.invoker: slotHoldMillis must not be negative, got "
                    + hold.toMillis());
        }
        return switch (maxConcurrentHooks) {
            case -1 -> unlimited();
            case 0 -> of(Runtime.getRuntime().availableProcessors(), hold);
            default -> of(maxConcurrentHooks, hold);
        };
    }

    /** How many hooks hold a slot at once; 0 when there is no limit. */
    int count() {
        return count;
    }

    /** Waits for a free slot (at once when there is no limit). */
    Slot take(HookInvocation invocation) throws InterruptedException {
        if (free == null) {
            return new Slot(false);
        }
        if (!free.tryAcquire()) {
            LOG.info("unit={} hook={}: waiting for another unit's hook (at most {} start at once)",
                    invocation.unitName(), invocation.hookName(), count);
            free.acquire();
        }
        return new Slot(true);
    }

    /** A running hook's slot, given back when it ends or has run for the hold time, whichever comes first. */
    final class Slot implements AutoCloseable {
        private boolean held;

        private Slot(boolean held) {
            this.held = held;
        }

        /**
         * Waits, at most the hold time and at most {@code timeout} ({@link Duration#ZERO}: none), for the
         * process to end; gives the slot up if it is still running then.
         */
        void holdWhileRunning(Process process, Duration timeout) throws InterruptedException {
            if (!held) {
                return;
            }
            Duration wait; // ZERO: until the hook ends
            if (hold.isZero() || timeout.isZero()) {
                wait = hold.isZero() ? timeout : hold;
            } else {
                wait = hold.compareTo(timeout) < 0 ? hold : timeout;
            }
            if (wait.isZero()) {
                process.waitFor();
            } else if (!process.waitFor(wait.toNanos(), TimeUnit.NANOSECONDS)) {
                close();
            }
        }

        @Override
        public void close() {
            if (held) {
                held = false;
                free.release();
            }
        }
    }
}
