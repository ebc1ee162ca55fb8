package jujube.state.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import jujube.state.StateException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.CuratorEvent;
import org.apache.zookeeper.KeeperException;

/**
 * Reads many nodes at once: every request is sent before the first answer is awaited, so a hundred
 * reads cost about one round trip instead of a hundred (what status of a large environment needs).
 * The reads are not one snapshot: each node is as it was when its own request arrived.
 */
final class NodeBatch {
    private static final long TIMEOUT_SECONDS = 60;
    private final CuratorFramework client;
    private final List<CompletableFuture<?>> pending = new ArrayList<>();

    NodeBatch(CuratorFramework client) {
        this.client = client;
    }

    /** The node's data, null when it does not exist; available after {@link #await()}. */
    CompletableFuture<byte[]> data(String path) {
        CompletableFuture<byte[]> result = new CompletableFuture<>();
        send(path, result, () -> client.getData().inBackground((c, e) -> complete(result, e, e.getData())).forPath(path));
        return result;
    }

    /** Whether the node exists; available after {@link #await()}. */
    CompletableFuture<Boolean> exists(String path) {
        CompletableFuture<Boolean> result = new CompletableFuture<>();
        send(path, result, () -> client.checkExists().inBackground((c, e) -> complete(result, e, e.getStat() != null)).forPath(path));
        return result;
    }

    private interface Request {
        void send() throws Exception;
    }

    private void send(String path, CompletableFuture<?> result, Request request) {
        pending.add(result);
        try {
            request.send();
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
    }

    private static <T> void complete(CompletableFuture<T> result, CuratorEvent event, T value) {
        KeeperException.Code code = KeeperException.Code.get(event.getResultCode());
        if (code == KeeperException.Code.OK) {
            result.complete(value);
        } else if (code == KeeperException.Code.NONODE) {
            result.complete(value instanceof Boolean ? value : null);
        } else {
            result.completeExceptionally(KeeperException.create(code, event.getPath()));
        }
    }

    /** Waits for every answer; the first failure is thrown as a {@link StateException} naming its node. */
    void await() {
        try {
            CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StateException("interrupted while reading " + pending.size() + " nodes");
        } catch (ExecutionException e) {
            Exception cause = e.getCause() instanceof Exception c ? c : e;
            throw NodeReader.failure(cause instanceof KeeperException k && k.getPath() != null ? k.getPath() : "(batch)", cause);
        } catch (TimeoutException e) {
            throw new StateException("no answer to " + pending.size() + " reads within " + TIMEOUT_SECONDS + " s");
        }
    }
}
