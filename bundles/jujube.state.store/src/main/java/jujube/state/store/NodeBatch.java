package jujube.state.store;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import jujube.model.StateException;
import org.apache.curator.RetryLoop;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.OpResult;

/**
 * Reads many nodes at once, as ZooKeeper multi-reads of up to {@link #CHUNK} nodes each: every chunk is
 * sent before the first answer is awaited, so a thousand reads cost a few requests instead of a thousand
 * (what status of a large environment needs; one request per node costs the server far more than the
 * round trips). The reads are not one snapshot: each node is as it was when its own read ran.
 *
 * <p>A chunk's answer is one packet, which the client refuses beyond {@code jute.maxbuffer} (1 MiB by
 * default) by dropping the connection: the nodes most batches read (units, services, flags) are a few
 * hundred bytes, far below the 16 KiB a chunk of {@link #CHUNK} allows each; nodes that may hold up to
 * the node limit (charms) are read {@linkplain #oneByOne one per request}, still all sent before the
 * first answer is awaited. Multi-reads need a 3.6 or later server.
 */
public final class NodeBatch {
    static final int CHUNK = 64;
    private static final long TIMEOUT_SECONDS = 60;
    /** What Curator's retry policy retries: the request may not have reached the server. */
    private static final Set<KeeperException.Code> RETRYABLE = EnumSet.of(KeeperException.Code.CONNECTIONLOSS,
            KeeperException.Code.OPERATIONTIMEOUT, KeeperException.Code.SESSIONMOVED, KeeperException.Code.SESSIONEXPIRED);
    private final CuratorFramework client;
    private final int readsPerChunk;
    private final List<Chunk> chunks = new ArrayList<>();
    private Chunk open = new Chunk();

    public NodeBatch(CuratorFramework client) {
        this(client, CHUNK);
    }

    private NodeBatch(CuratorFramework client, int readsPerChunk) {
        this.client = client;
        this.readsPerChunk = readsPerChunk;
    }

    /** A batch for nodes that may each be as large as a node may be: one read per request. */
    public static NodeBatch oneByOne(CuratorFramework client) {
        return new NodeBatch(client, 1);
    }

    /** The node's data, null when it does not exist; available after {@link #await()}. */
    public CompletableFuture<byte[]> data(String path) {
        return add(path, r -> r instanceof OpResult.GetDataResult d ? d.getData() : null);
    }

    /** The node's data and stat, null when it does not exist; available after {@link #await()}. */
    public CompletableFuture<OpResult.GetDataResult> node(String path) {
        return add(path, r -> r instanceof OpResult.GetDataResult d ? d : null);
    }

    /** Whether the node exists; available after {@link #await()}. */
    public CompletableFuture<Boolean> exists(String path) {
        return add(path, r -> r instanceof OpResult.GetDataResult);
    }

    /** The node's children's names, null when it does not exist; available after {@link #await()}. */
    public CompletableFuture<List<String>> children(String path) {
        return add(path, true, r -> r instanceof OpResult.GetChildrenResult c ? c.getChildren() : null);
    }

    private <T> CompletableFuture<T> add(String path, Function<OpResult, T> value) {
        return add(path, false, value);
    }

    private <T> CompletableFuture<T> add(String path, boolean children, Function<OpResult, T> value) {
        CompletableFuture<T> result = new CompletableFuture<>();
        open.reads.add(new Read<>(path, children, result, value));
        if (open.reads.size() == readsPerChunk) {
            send(open);
            open = new Chunk();
        }
        return result;
    }

    /** Waits for every answer; the first failure is thrown as a {@link StateException} naming its node. */
    public void await() {
        if (!open.reads.isEmpty()) {
            send(open);
            open = new Chunk();
        }
        for (Chunk chunk : chunks) {
            chunk.await();
        }
        for (Chunk chunk : chunks) {
            for (Read<?> read : chunk.reads) {
                if (read.result().isCompletedExceptionally()) {
                    try {
                        read.result().join();
                    } catch (CompletionException e) {
                        throw NodeReader.failure(read.path(), e.getCause() instanceof Exception c ? c : e);
                    }
                }
            }
        }
    }

    private void send(Chunk chunk) {
        chunks.add(chunk);
        try {
            client.getZookeeperClient().getZooKeeper().multi(chunk.ops(), (rc, path, ctx, results) -> {
                if (results != null) {
                    chunk.complete(results);
                    chunk.answer.complete(KeeperException.Code.OK);
                } else if (RETRYABLE.contains(KeeperException.Code.get(rc))) {
                    chunk.answer.complete(KeeperException.Code.get(rc));
                } else {
                    chunk.answer.completeExceptionally(KeeperException.create(KeeperException.Code.get(rc)));
                }
            }, null);
        } catch (Exception e) {
            throw NodeReader.failure(chunk.reads.get(0).path(), e);
        }
    }

    /** One multi-read; {@code answer} is OK once its reads completed, or the retryable code it failed with. */
    private final class Chunk {
        final List<Read<?>> reads = new ArrayList<>(CHUNK);
        final CompletableFuture<KeeperException.Code> answer = new CompletableFuture<>();

        List<Op> ops() {
            String namespace = client.getNamespace();
            return reads.stream().map(r -> {
                String path = namespace == null || namespace.isEmpty() ? r.path() : ZKPaths.makePath(namespace, r.path());
                return r.children() ? Op.getChildren(path) : Op.getData(path);
            }).toList();
        }

        /** Waits for the answer; reads again, with the client's retry policy, what the connection lost. */
        public void await() {
            try {
                KeeperException.Code code = answer.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
                if (code != KeeperException.Code.OK) {
                    complete(RetryLoop.callWithRetry(client.getZookeeperClient(),
                            () -> client.getZookeeperClient().getZooKeeper().multi(ops())));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StateException("interrupted while reading " + reads.size() + " nodes");
            } catch (TimeoutException e) {
                throw new StateException("no answer to " + reads.size() + " reads within " + TIMEOUT_SECONDS + " s");
            } catch (ExecutionException e) {
                throw NodeReader.failure(reads.get(0).path(), e.getCause() instanceof Exception c ? c : e);
            } catch (Exception e) {
                throw NodeReader.failure(reads.get(0).path(), e);
            }
        }

        void complete(List<OpResult> results) {
            for (int i = 0; i < reads.size(); i++) {
                reads.get(i).complete(results.get(i));
            }
        }
    }

    private record Read<T>(String path, boolean children, CompletableFuture<T> result, Function<OpResult, T> value) {
        void complete(OpResult r) {
            if (r instanceof OpResult.ErrorResult e && e.getErr() != KeeperException.Code.NONODE.intValue()) {
                result.completeExceptionally(KeeperException.create(KeeperException.Code.get(e.getErr()), path));
            } else {
                result.complete(value.apply(r));
            }
        }
    }
}
