package jujube.state.internal;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** Names the threads that run watch callbacks, and makes them daemons: a watch never keeps a JVM alive. */
final class WatchThreads implements ThreadFactory {
    private final AtomicInteger count = new AtomicInteger();

    @Override
    public Thread newThread(Runnable r) {
        Thread t = new Thread(r, "jujube-state-watch-" + count.incrementAndGet());
        t.setDaemon(true);
        return t;
    }
}
