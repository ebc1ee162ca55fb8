package jujube.state.store;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import jujube.state.ConcurrentUpdateException;
import jujube.model.StateException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;

/**
 * The one compare-and-set loop for shared nodes: read content and version, apply a change to a fresh
 * copy, write it only if the node still has that version, otherwise retry after a short jittered
 * pause (full jitter, so colliding writers spread out instead of colliding again). Bounded: a writer
 * that keeps losing gets {@link ConcurrentUpdateException} rather than spinning for ever.
 */
public final class VersionedNodes {
    static final int MAX_ATTEMPTS = 100;
    private static final long MAX_PAUSE_MICROS = 20_000;

    /** A change applied to a mutable copy of the node's content; its result is returned by update. */
    public interface Change<R> {
        R apply(Map<String, Object> content);
    }

    private final CuratorFramework client;
    private final NodeReader reader;

    public VersionedNodes(NodeReader reader) {
        this.client = reader.client();
        this.reader = reader;
    }

    /**
     * Applies {@code change} atomically to the YAML map at {@code path}.
     *
     * @param ifMissing the error when the node does not exist; null creates it
     */
    public <R> R update(String path, Supplier<? extends StateException> ifMissing, Change<R> change) {
        for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
            try {
                Stat stat = new Stat();
                byte[] old;
                try {
                    old = client.getData().storingStatIn(stat).forPath(path);
                } catch (KeeperException.NoNodeException e) {
                    if (ifMissing != null) {
                        throw ifMissing.get();
                    }
                    old = null;
                }
                Map<String, Object> content = reader.parse(path, old);
                R result = change.apply(content);
                byte[] updated = reader.bytes(path, content);
                if (old == null) {
                    client.create().creatingParentsIfNeeded().forPath(path, updated);
                } else if (!Arrays.equals(old, updated)) {
                    client.setData().withVersion(stat.getVersion()).forPath(path, updated);
                }
                return result;
            } catch (KeeperException.BadVersionException | KeeperException.NodeExistsException
                    | KeeperException.NoNodeException e) {
                pause(attempt);
            } catch (StateException e) {
                throw e;
            } catch (Exception e) {
                throw NodeReader.failure(path, e);
            }
        }
        throw new ConcurrentUpdateException(path, MAX_ATTEMPTS);
    }

    /** Waits before attempt {@code attempt + 1}: full jitter under a ceiling that doubles up to 20 ms. */
    static void pause(int attempt) {
        long ceiling = Math.min(MAX_PAUSE_MICROS, 250L << Math.min(attempt, 10));
        try {
            java.util.concurrent.TimeUnit.MICROSECONDS.sleep(ThreadLocalRandom.current().nextLong(ceiling + 1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StateException("interrupted while retrying an update");
        }
    }
}
