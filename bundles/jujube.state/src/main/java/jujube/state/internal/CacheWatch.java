package jujube.state.internal;

import java.util.function.Function;
import java.util.function.Predicate;
import jujube.model.StateException;
import jujube.state.Watch;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A watch over a node (or a whole subtree) through a {@link CuratorCache} shared with the other
 * watches of that path in this connection ({@link SharedCaches}): after the cache has loaded, and on
 * every event, the watch's value is computed from the cache's consistent copy and offered to a
 * {@link SerialDelivery}. The root may not exist yet; the cache waits for it.
 */
final class CacheWatch<T> implements Watch {
    private static final Logger LOG = LoggerFactory.getLogger(CacheWatch.class);
    private final SharedCaches caches;
    private final String path;
    private final boolean singleNode;
    private final Function<CuratorCache, T> value;
    private final Predicate<String> dependsOn;
    private final SerialDelivery<T> delivery;
    private SharedCaches.Subscription subscription;
    private boolean closed;

    CacheWatch(SharedCaches caches, String path, boolean singleNode, Function<CuratorCache, T> value,
            SerialDelivery<T> delivery) {
        this(caches, path, singleNode, value, changed -> true, delivery);
    }

    /**
     * @param dependsOn whether a change at a path (under {@code path}) may change the value: the value is
     *     not computed again for one that cannot, as a watch of a large subtree that depends on a few of its
     *     nodes would do at every change of the others
     */
    CacheWatch(SharedCaches caches, String path, boolean singleNode, Function<CuratorCache, T> value,
            Predicate<String> dependsOn, SerialDelivery<T> delivery) {
        this.caches = caches;
        this.path = path;
        this.singleNode = singleNode;
        this.value = value;
        this.dependsOn = dependsOn;
        this.delivery = delivery;
        start();
    }

    @Override
    public void start() {
        SharedCaches.Subscription opened;
        synchronized (this) {
            if (subscription != null || closed) {
                return;
            }
            opened = caches.subscription(path, singleNode, this::refresh);
            subscription = opened;
        }
        // outside this watch's lock: an initial call may come on this thread or on the cache's
        opened.open();
    }

    private void refresh(SharedCaches.Subscription source, CuratorCache cache, String changed) {
        synchronized (this) {
            if (source != subscription) {
                return; // a stopped watch's late event
            }
        }
        if (changed != null && !dependsOn.test(changed)) {
            return;
        }
        try {
            delivery.offer(value.apply(cache));
        } catch (StateException e) {
            LOG.warn("watch on {} cannot read the state: {}", path, e.getMessage());
        }
    }

    @Override
    public void stop() {
        SharedCaches.Subscription old;
        synchronized (this) {
            old = subscription;
            subscription = null;
        }
        if (old != null) {
            old.close();
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
        }
        stop();
    }
}
