package jujube.state.store;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;

/**
 * One {@link CuratorCache} per watched path (and kind: one node or a subtree) within a connection, shared
 * by every watch of that path. A machine agent hosts many unit agents that watch the same nodes (the
 * topology, their service's configuration, a relation's membership and its members' settings); each with
 * a cache of its own, fifty units joining a relation made every join read and watched fifty times over. The cache opens with its
 * first subscriber and closes with its last; a subscriber that comes after the cache loaded is called
 * at once, as the cache's initial load would have called it.
 */
public final class SharedCaches {
    private final CuratorFramework client;
    private final Map<Key, Shared> caches = new HashMap<>(); // guarded by this

    public SharedCaches(CuratorFramework client) {
        this.client = client;
    }

    private record Key(String path, boolean singleNode) {}

    /** What a subscriber is told: the cache, and the path that changed (null: the whole cache, as loaded). */
    @FunctionalInterface
    public interface Listener {
        void changed(Subscription subscription, CuratorCache cache, String path);
    }

    /** One watch's interest in a path: called with the cache after it loaded and at every change. */
    public final class Subscription {
        private final Key key;
        private final Listener onChange;
        private Shared shared; // guarded by SharedCaches.this; null before open and after close
        private boolean ended; // guarded by SharedCaches.this: closed, perhaps before it was opened

        private Subscription(Key key, Listener onChange) {
            this.key = key;
            this.onChange = onChange;
        }

        /** Starts receiving; may call back at once, on this thread, when the cache has loaded already. */
        public void open() {
            Shared target;
            synchronized (SharedCaches.this) {
                if (shared != null || ended) {
                    return;
                }
                target = caches.computeIfAbsent(key, Shared::new);
                shared = target;
                target.subscribers.add(this);
                target.startOnce();
            }
            if (target.loaded) {
                onChange.changed(this, target.cache, null); // a duplicate of an initial call in flight is harmless: values are compared
            }
        }

        /** Stops receiving; the cache closes when this was its last subscriber. Idempotent. */
        public void close() {
            synchronized (SharedCaches.this) {
                ended = true;
                if (shared == null) {
                    return;
                }
                shared.subscribers.remove(this);
                if (shared.subscribers.isEmpty()) {
                    caches.remove(key);
                    shared.cache.close();
                }
                shared = null;
            }
        }
    }

    /** How many caches are open (for tests). */
    public synchronized int openCount() {
        return caches.size();
    }

    /** The paths of the open caches (for tests). */
    public synchronized java.util.Set<String> openPaths() {
        return caches.keySet().stream().map(Key::path).collect(java.util.stream.Collectors.toSet());
    }

    /** A subscription to {@code path}, not yet open; {@code onChange} is told which subscription it serves. */
    public Subscription subscription(String path, boolean singleNode, Listener onChange) {
        return new Subscription(new Key(path, singleNode), onChange);
    }

    private final class Shared {
        final CuratorCache cache;
        final List<Subscription> subscribers = new CopyOnWriteArrayList<>();
        volatile boolean loaded;
        private boolean started;

        Shared(Key key) {
            cache = key.singleNode() ? CuratorCache.build(client, key.path(), CuratorCache.Options.SINGLE_NODE_CACHE)
                    : CuratorCache.build(client, key.path());
            cache.listenable().addListener(CuratorCacheListener.builder()
                    .forAll((type, before, after) -> {
                        if (loaded) {
                            notifySubscribers((after != null ? after : before).getPath());
                        }
                    })
                    .forInitialized(() -> {
                        loaded = true;
                        notifySubscribers(null);
                    })
                    .build());
        }

        void startOnce() {
            if (!started) {
                started = true;
                cache.start();
            }
        }

        private void notifySubscribers(String path) {
            for (Subscription subscription : subscribers) {
                subscription.onChange.changed(subscription, cache, path);
            }
        }
    }
}
