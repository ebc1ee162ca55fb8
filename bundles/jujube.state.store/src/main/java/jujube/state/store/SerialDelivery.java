package jujube.state.store;

import java.util.Objects;
import java.util.concurrent.Executor;
import jujube.state.Change;
import jujube.state.StateWatcher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands a watch's values to its watcher one call at a time, in order, on a shared executor. A value
 * offered while a call runs replaces any value still waiting: the watcher then gets one change
 * from what it saw last to the newest state, so changes are merged, never lost. Equal values are
 * not delivered, except the very first, which tells the watcher the state it starts from.
 */
public final class SerialDelivery<T> {
    private static final Logger LOG = LoggerFactory.getLogger(SerialDelivery.class);
    private final Executor executor;
    private final StateWatcher<T> watcher;
    private T delivered;
    private T pending;
    private boolean running;
    private boolean first = true;

    public SerialDelivery(Executor executor, StateWatcher<T> watcher, T empty) {
        this.executor = executor;
        this.watcher = watcher;
        this.delivered = empty;
    }

    public synchronized void offer(T value) {
        pending = Objects.requireNonNull(value);
        if (!running) {
            running = true;
            executor.execute(this::drain);
        }
    }

    private void drain() {
        while (true) {
            Change<T> change;
            synchronized (this) {
                if (pending == null) {
                    running = false;
                    return;
                }
                T next = pending;
                pending = null;
                if (!first && next.equals(delivered)) {
                    continue;
                }
                first = false;
                change = new Change<>(delivered, next);
                delivered = next;
            }
            try {
                watcher.changed(change);
            } catch (RuntimeException e) {
                // the watcher owns its errors; one failing call must not end the watch
                LOG.warn("watcher {} failed on a change", watcher, e);
            }
        }
    }
}
