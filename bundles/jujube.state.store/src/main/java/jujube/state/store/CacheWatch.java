package jujube.state.store;

import java.util.function.Function;
import java.util.function.Predicate;
import jujube.model.StateException;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A watch over a node (or a whole subtree) through a {@link CuratorCache} shared with the other
 * watches of that path in this connection ({@link SharedCaches}): after the cache has loaded, and on
 * every event, the watch's value is computed from the cache's consistent copy and offered to a
 * {@link SerialDelivery}. The root may not exist yet; the cache waits for it.
 */
public final class CacheWatch<T> extends SubscriptionWatch {
    private static final Logger LOG = LoggerFactory.getLogger(CacheWatch.class);
    private final String path;
    private final Function<CuratorCache, T> value;
    private final Predicate<String> dependsOn;
    private final SerialDelivery<T> delivery;

    public CacheWatch(SharedCaches caches, String path, boolean singleNode, Function<CuratorCache, T> value,
            SerialDelivery<T> delivery) {
        this(caches, path, singleNode, value, changed -> true, delivery);
    }

    /**
     * @param dependsOn whether a change at a path (under {@code path}) may change the value: the value is
     *     not computed again for one that cannot, as a watch of a large subtree that depends on a few of its
     *     nodes would do at every change of the others
     */
    public CacheWatch(SharedCaches caches, String path, boolean singleNode, Function<CuratorCache, T> value,
            Predicate<String> dependsOn, SerialDelivery<T> delivery) {
        super(caches, path, singleNode);
        this.path = path;
        this.value = value;
        this.dependsOn = dependsOn;
        this.delivery = delivery;
        start();
    }

    @Override
    protected void rootChanged(SharedCaches.Subscription source, CuratorCache cache, String changed) {
        if (!current(source)) {
            return; // a stopped watch's late event
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
}
