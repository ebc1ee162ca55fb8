package jujube.lib.threads;

import java.util.Objects;

/** Single daemon threads with a name chosen by their owner, which starts, interrupts and joins them. */
public final class Threads {

    private Threads() {
    }

    /** A daemon thread named {@code name} that will run {@code task}; not started. */
    public static Thread daemon(String name, Runnable task) {
        Thread thread = new Thread(Objects.requireNonNull(task, "task"), Objects.requireNonNull(name, "name"));
        thread.setDaemon(true);
        return thread;
    }

    /** A daemon thread named {@code name}, already started on {@code task}. */
    public static Thread startDaemon(String name, Runnable task) {
        Thread thread = daemon(name, task);
        thread.start();
        return thread;
    }
}
