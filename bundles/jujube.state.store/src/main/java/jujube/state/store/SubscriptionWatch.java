package jujube.state.store;

import jujube.state.Watch;
import org.apache.curator.framework.recipes.cache.CuratorCache;

/**
 * A watch rooted in one {@link SharedCaches} subscription: {@link #start()} subscribes to the root path
 * unless the watch runs already or was closed, {@link #stop()} ends the subscription, and {@link #close()}
 * stops the watch for good. Events of a subscription that was ended meanwhile are told apart through
 * {@link #current}. A subclass calls {@link #start()} at the end of its own constructor, once its fields
 * are set.
 */
public abstract class SubscriptionWatch implements Watch {
    public final SharedCaches caches;
    private final String rootPath;
    private final boolean singleNode;
    // guarded by this
    private SharedCaches.Subscription root; // null while stopped
    private boolean closed;

    public SubscriptionWatch(SharedCaches caches, String rootPath, boolean singleNode) {
        this.caches = caches;
        this.rootPath = rootPath;
        this.singleNode = singleNode;
    }

    /** An event of the root's cache, called outside this watch's lock ({@link SharedCaches.Listener}). */
    protected abstract void rootChanged(SharedCaches.Subscription source, CuratorCache cache, String changed);

    @Override
    public final void start() {
        SharedCaches.Subscription opened;
        synchronized (this) {
            if (root != null || closed) {
                return;
            }
            opened = caches.subscription(rootPath, singleNode, this::rootChanged);
            root = opened;
        }
        // outside this watch's lock: an initial call may come on this thread or on the cache's
        opened.open();
    }

    /** Whether {@code source} is the root subscription of the running watch, not a stopped one's. */
    protected final synchronized boolean current(SharedCaches.Subscription source) {
        return source == root;
    }

    /** Whether the watch runs: started, and not stopped since. */
    protected final synchronized boolean running() {
        return root != null;
    }

    /** Ends the root subscription's part in this watch: the caller closes what it returns (null: stopped). */
    protected final synchronized SharedCaches.Subscription detachRoot() {
        SharedCaches.Subscription old = root;
        root = null;
        return old;
    }

    @Override
    public void stop() {
        SharedCaches.Subscription old = detachRoot();
        if (old != null) {
            old.close();
        }
    }

    @Override
    public final void close() {
        synchronized (this) {
            closed = true;
        }
        stop();
    }
}
