package jujube.state.store;

import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import jujube.lib.threads.ThreadFactories;
import org.apache.curator.framework.recipes.nodes.PersistentNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Presence nodes and leadership candidacies their owner released ({@link jujube.state.Presence#release()},
 * {@link jujube.state.ServiceLeadership.Campaign#release()}) for a successor in this process to adopt,
 * keyed by path: the ephemeral node stays, still kept by its {@link PersistentNode} or latch, for the grace
 * period, so an agent component deactivated and activated again (a bundle update) never looks gone to
 * its watchers nor loses its lead. A node not adopted in time is removed by the connection's expiry
 * thread ({@code jujube-state-presence-grace-N}); closing the connection removes every parked node at once.
 */
public final class ParkedPresences implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ParkedPresences.class);
    private static final ThreadFactory THREADS = ThreadFactories.numbered("jujube-state-presence-grace");
    private final Duration grace;
    private final ScheduledThreadPoolExecutor expiry;
    private final Map<String, Parked> parked = new HashMap<>();
    private boolean closed;

    private record Parked(Closeable node, ScheduledFuture<?> expiry) {}

    public ParkedPresences(Duration grace) {
        if (grace.isNegative()) {
            throw new IllegalArgumentException("presence grace period must not be negative, got " + grace);
        }
        this.grace = grace;
        this.expiry = new ScheduledThreadPoolExecutor(1, THREADS);
        expiry.setRemoveOnCancelPolicy(true);
    }

    /** Keeps {@code node} for a successor until the grace period ends. */
    public void park(String path, Closeable node) {
        Closeable replaced = null;
        boolean kept = false;
        synchronized (this) {
            if (!closed) {
                ScheduledFuture<?> timer = expiry.schedule(() -> expire(path, node), grace.toMillis(),
                        TimeUnit.MILLISECONDS);
                Parked previous = parked.put(path, new Parked(node, timer));
                if (previous != null) {
                    previous.expiry().cancel(false);
                    replaced = previous.node() == node ? null : previous.node();
                }
                kept = true;
            }
        }
        remove(path, replaced);
        if (kept) {
            LOG.debug("presence {} released; kept {} ms for a successor", path, grace.toMillis());
        } else {
            remove(path, node); // released after the connection closed: nobody can adopt it
        }
    }

    /**
     * The node of {@code type} parked at {@code path}, taken out of the registry, or null when there is
     * none.
     */
    public synchronized <T extends Closeable> T adopt(String path, Class<T> type) {
        Parked found = parked.get(path);
        if (found == null || !type.isInstance(found.node())) {
            return null;
        }
        parked.remove(path);
        found.expiry().cancel(false);
        return type.cast(found.node());
    }

    private void expire(String path, Closeable node) {
        synchronized (this) {
            Parked current = parked.get(path);
            if (current == null || current.node() != node) {
                return; // adopted, or parked again meanwhile
            }
            parked.remove(path);
        }
        LOG.info("presence {} not taken over within {} s; removing it", path, grace.toSeconds());
        remove(path, node);
    }

    private static void remove(String path, Closeable node) {
        if (node == null) {
            return;
        }
        try {
            node.close();
        } catch (IOException | RuntimeException e) {
            LOG.warn("could not remove released presence node {}: {}", path, e.toString());
        }
    }

    /** Removes every parked node and stops the expiry thread. */
    @Override
    public void close() {
        List<Map.Entry<String, Parked>> all;
        synchronized (this) {
            closed = true;
            all = new ArrayList<>(parked.entrySet());
            parked.clear();
        }
        expiry.shutdownNow();
        all.forEach(e -> remove(e.getKey(), e.getValue().node()));
    }
}
