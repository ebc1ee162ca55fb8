package jujube.lib.threads;

import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Thread factories for executors whose threads are daemon threads with a name chosen by their owner.
 * The factories are thread-safe; the threads they make are not started.
 */
public final class ThreadFactories {

    private ThreadFactories() {
    }

    /**
     * A factory whose every thread is named {@code name}: for an executor that runs one thread at a time
     * (a single-thread or a one-thread scheduled executor).
     */
    public static ThreadFactory daemon(String name) {
        Objects.requireNonNull(name, "name");
        return task -> Threads.daemon(name, task);
    }

    /**
     * A factory whose threads are named {@code prefix-1}, {@code prefix-2}, ... in the order it makes them:
     * for a pool, or for an owner of several instances that shares one factory between them.
     */
    public static ThreadFactory numbered(String prefix) {
        Objects.requireNonNull(prefix, "prefix");
        AtomicInteger count = new AtomicInteger();
        return task -> Threads.daemon(prefix + "-" + count.incrementAndGet(), task);
    }
}
