package jujube.state.internal;

import java.util.function.Function;
import jujube.state.StateException;
import jujube.state.Watch;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A watch over a node (or a whole subtree) through Curator's {@link CuratorCache}: after the cache
 * has loaded, and on every event, the watch's value is computed from the cache's consistent copy
 * and offered to a {@link SerialDelivery}. The root may not exist yet; the cache waits for it.
 */
final class CacheWatch<T> implements Watch {
    private static final Logger LOG = LoggerFactory.getLogger(CacheWatch.class);
    private final CuratorFramework client;
    private final String path;
    private final boolean singleNode;
    private final Function<CuratorCache, T> value;
    private final SerialDelivery<T> delivery;
    private CuratorCache cache;
    private boolean closed;

    CacheWatch(CuratorFramework client, String path, boolean singleNode, Function<CuratorCache, T> value,
            SerialDelivery<T> delivery) {
        this.client = client;
        this.path = path;
        this.singleNode = singleNode;
        this.value = value;
        this.delivery = delivery;
        start();
    }

    @Override
    public synchronized void start() {
        if (cache != null || closed) {
            return;
        }
        CuratorCache started = singleNode
                ? CuratorCache.build(client, path, CuratorCache.Options.SINGLE_NODE_CACHE)
                : CuratorCache.build(client, path);
        boolean[] loaded = {false};
        started.listenable().addListener(CuratorCacheListener.builder()
                .forAll((type, before, after) -> {
                    if (loaded[0]) {
                        refresh(started);
                    }
                })
                .forInitialized(() -> {
                    loaded[0] = true;
                    refresh(started);
                })
                .build());
        cache = started;
        started.start();
    }

    private void refresh(CuratorCache source) {
        synchronized (this) {
            if (source != cache) {
                return; // a stopped cache's late event
            }
        }
        try {
            delivery.offer(value.apply(source));
        } catch (StateException e) {
            LOG.warn("watch on {} cannot read the state: {}", path, e.getMessage());
        }
    }

    @Override
    public synchronized void stop() {
        if (cache != null) {
            cache.close();
            cache = null;
        }
    }

    @Override
    public synchronized void close() {
        stop();
        closed = true;
    }
}
