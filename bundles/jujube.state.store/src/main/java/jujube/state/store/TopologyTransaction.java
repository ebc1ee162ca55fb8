package jujube.state.store;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.UUID;
import jujube.state.ConcurrentUpdateException;
import jujube.state.CorruptStateException;
import jujube.model.StateException;
import jujube.state.TransactionTooLargeException;
import org.apache.curator.RetryLoop;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.utils.ZKPaths;
import org.apache.jute.BinaryOutputArchive;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.MultiOperationRecord;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.OpResult;

/**
 * Changes that create nodes and change the topology together, made as one ZooKeeper {@code multi}: every
 * node and the topology's changed nodes, or nothing. Each attempt reads the sequence parents in one
 * request, lets the plan read and change the topology (node by node, {@link Topology}) and fill a
 * {@link TransactionDraft}, and sends it in one more: a deploy of 500 units costs a few reads and one
 * write, not a compare-and-set per unit. An attempt that lost to another writer (a node it read or writes
 * changed, an id was taken) is made again from the start, with the same bounded jittered retry as
 * {@link VersionedNodes}.
 *
 * <p>A connection lost while the request is on its way leaves it unknown whether the server applied it.
 * The first node the request creates (its witness) carries a token of this transaction; once connected
 * again, the witness holding the token means it was applied, and anything else that it was not, so the
 * change is made once, never twice. (That holds for one server and for an ensemble whose leader stays;
 * a request still in flight across a change of leader could be applied after the witness was read.)
 */
public final class TopologyTransaction {
    /** The key of the witness's content that holds the transaction's token. */
    static final String TOKEN = "transaction";
    /** The parents whose children get ids from a draft, read on every attempt. */
    private static final List<String> SEQUENCE_PARENTS = List.of(Paths.SERVICES, Paths.RELATIONS, Paths.MACHINES);
    /** Failures after which the request may or may not have been applied. */
    private static final Set<KeeperException.Code> UNKNOWN_OUTCOME = EnumSet.of(KeeperException.Code.CONNECTIONLOSS,
            KeeperException.Code.OPERATIONTIMEOUT, KeeperException.Code.SESSIONEXPIRED, KeeperException.Code.SESSIONMOVED);

    /** What one attempt does: changes {@code t} and adds the nodes to create to {@code draft}; its result is returned. */
    public interface Plan<R> {
        R apply(Topology t, TransactionDraft draft);
    }

    /** Sends one multi; what tests replace to lose an answer as a broken connection does. */
    public interface Sender {
        List<OpResult> multi(List<Op> ops) throws Exception;
    }

    private enum Outcome { APPLIED, LOST }

    private final CuratorFramework client;
    private final NodeReader reader;
    private final TopologyStore topology;
    private final AccessControl access;
    private final Sender sender;
    private final UnitIdBlocks unitIds;

    /**
     * @param access the policy the created nodes' ACLs come from, and where new principals' digests are kept
     * @param sender sends a request to the server of {@code reader}'s client
     */
    public TopologyTransaction(NodeReader reader, TopologyStore topology, AccessControl access, Sender sender) {
        this.client = reader.client();
        this.reader = reader;
        this.topology = topology;
        this.access = access;
        this.sender = sender;
        this.unitIds = new UnitIdBlocks(reader, new VersionedNodes(reader));
    }

    /**
     * Runs {@code plan} as one transaction; an exception of the plan ends it with nothing written.
     *
     * @param what the change, for errors ({@code deploy of service 'blog'})
     */
    public <R> R run(String what, Plan<R> plan) {
        return run(what, plan, (t, result) -> {});
    }

    /**
     * As {@link #run(String, Plan)}, then {@code afterwards} with the topology written and the result: what
     * a {@code multi} cannot do (change a node's ACL), done once the transaction is applied. A process
     * killed in between leaves it undone; it must be something the controller makes good when asked.
     */
    public <R> R run(String what, Plan<R> plan, java.util.function.BiConsumer<Topology, R> afterwards) {
        String token = UUID.randomUUID().toString();
        Map<String, Integer> taken = new HashMap<>(); // per parent, numbers found taken by earlier attempts
        for (int attempt = 1; attempt <= VersionedNodes.MAX_ATTEMPTS; attempt++) {
            long started = System.nanoTime();
            TransactionDraft draft = new TransactionDraft(reader, access, () -> nextNumbers(taken), unitIds);
            Topology t = topology.read();
            R result = plan.apply(t, draft);
            List<Op> ops = draft.ops(client.getNamespace(), token, t);
            int bytes = requestBytes(ops);
            if (bytes > TransactionTooLargeException.LIMIT_BYTES) {
                throw new TransactionTooLargeException(what, bytes);
            }
            prepare(draft.preparations(client.getNamespace(), t));
            if (send(ops, draft, token, taken) == Outcome.APPLIED) {
                afterwards.accept(t, result);
                return result;
            }
            pause(attempt, System.nanoTime() - started);
        }
        throw new ConcurrentUpdateException(Paths.TOPOLOGY, VersionedNodes.MAX_ATTEMPTS);
    }

    /**
     * Waits before attempt {@code attempt + 1}. Writers that lost to each other read the same counters
     * again and would take the same ids again: a pause of up to a few times what the lost attempt took,
     * at random, spreads them out, where the short pause of a compare-and-set (a few milliseconds) is
     * nothing beside a transaction that creates hundreds of nodes.
     */
    private static void pause(int attempt, long attemptNanos) {
        long ceiling = attemptNanos * Math.min(attempt, 4) / 1_000;
        if (ceiling <= 20_000) {
            VersionedNodes.pause(attempt);
            return;
        }
        try {
            java.util.concurrent.TimeUnit.MICROSECONDS.sleep(java.util.concurrent.ThreadLocalRandom.current().nextLong(ceiling + 1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StateException("interrupted while retrying a transaction");
        }
    }

    /**
     * Makes what a draft prepares ahead of its transaction ({@link TransactionDraft#preparations}), as few
     * requests as fit; one that meets nodes made before (an earlier attempt's) makes its nodes one by one,
     * those that exist left as they are.
     */
    private void prepare(List<Op> ops) {
        List<Op> chunk = new ArrayList<>();
        for (Op op : ops) {
            chunk.add(op);
            if (requestBytes(chunk) > TransactionTooLargeException.LIMIT_BYTES) {
                chunk.remove(chunk.size() - 1);
                prepareChunk(chunk);
                chunk = new ArrayList<>(List.of(op));
            }
        }
        if (!chunk.isEmpty()) {
            prepareChunk(chunk);
        }
    }

    private void prepareChunk(List<Op> chunk) {
        try {
            RetryLoop.callWithRetry(client.getZookeeperClient(), () -> client.getZookeeperClient().getZooKeeper().multi(chunk));
        } catch (KeeperException.NodeExistsException e) {
            for (Op op : chunk) {
                try {
                    RetryLoop.callWithRetry(client.getZookeeperClient(),
                            () -> client.getZookeeperClient().getZooKeeper().multi(List.of(op)));
                } catch (KeeperException.NodeExistsException made) {
                    // made before
                } catch (Exception failed) {
                    throw NodeReader.failure(op.getPath(), failed);
                }
            }
        } catch (Exception e) {
            throw NodeReader.failure(chunk.get(0).getPath(), e);
        }
    }

    /** The first free number of each sequence parent, read in one request. */
    private Map<String, Integer> nextNumbers(Map<String, Integer> taken) {
        List<Op> reads = SEQUENCE_PARENTS.stream().map(p -> Op.getData(full(p))).toList();
        List<OpResult> results;
        try {
            results = RetryLoop.callWithRetry(client.getZookeeperClient(),
                    () -> client.getZookeeperClient().getZooKeeper().multi(reads));
        } catch (Exception e) {
            throw NodeReader.failure(Paths.TOPOLOGY, e);
        }
        Map<String, Integer> next = new LinkedHashMap<>();
        for (int i = 0; i < SEQUENCE_PARENTS.size(); i++) {
            String path = SEQUENCE_PARENTS.get(i);
            if (!(results.get(i) instanceof OpResult.GetDataResult parent)) {
                throw new CorruptStateException(path, "node is missing");
            }
            next.put(path, Math.max(parent.getStat().getCversion(), taken.getOrDefault(path, 0)));
        }
        return next;
    }

    private Outcome send(List<Op> ops, TransactionDraft draft, String token, Map<String, Integer> taken) {
        try {
            sender.multi(ops);
            return Outcome.APPLIED;
        } catch (KeeperException e) {
            if (UNKNOWN_OUTCOME.contains(e.code())) {
                return witnessed(draft.witness(), token) ? Outcome.APPLIED : Outcome.LOST;
            }
            int failed = failedOp(e.getResults());
            if (failed < 0) {
                throw NodeReader.failure(Paths.TOPOLOGY, e);
            }
            String path = draft.path(failed);
            KeeperException.Code code = KeeperException.Code.get(((OpResult.ErrorResult) e.getResults().get(failed)).getErr());
            if (code == KeeperException.Code.BADVERSION || code == KeeperException.Code.NOTEMPTY) {
                return Outcome.LOST; // a node read by the plan changed meanwhile, or an index gained a child
            }
            if (code == KeeperException.Code.NODEEXISTS) {
                // an id handed out is taken; ids only grow, so the next attempt starts above it
                ZKPaths.PathAndNode node = ZKPaths.getPathAndNode(path);
                if (node.getPath().equals(Paths.UNITS)) {
                    sequenceNumber(node.getNode()).ifPresent(unitIds::taken);
                } else {
                    sequenceNumber(node.getNode()).ifPresent(n -> taken.merge(node.getPath(), n + 1, Math::max));
                }
                return Outcome.LOST;
            }
            if (code == KeeperException.Code.NONODE && draft.ifMissing(failed) != null) {
                throw draft.ifMissing(failed).get();
            }
            if (code == KeeperException.Code.NONODE && path.startsWith(Paths.TOPOLOGY + "/")) {
                return Outcome.LOST; // a topology node the plan read went meanwhile: the next attempt sees why
            }
            throw NodeReader.failure(path, KeeperException.create(code, path));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StateException("interrupted while writing the topology; the change may or may not be made");
        } catch (Exception e) {
            throw NodeReader.failure(Paths.TOPOLOGY, e);
        }
    }

    /** The first operation that failed: the others of a failed multi say OK or that they were not run. */
    private static int failedOp(List<OpResult> results) {
        if (results == null) {
            return -1;
        }
        for (int i = 0; i < results.size(); i++) {
            if (results.get(i) instanceof OpResult.ErrorResult error && error.getErr() != KeeperException.Code.OK.intValue()
                    && error.getErr() != KeeperException.Code.RUNTIMEINCONSISTENCY.intValue()) {
                return i;
            }
        }
        return -1;
    }

    /** Whether the witness exists with this transaction's token: read once connected again, as long as that takes. */
    private boolean witnessed(String witness, String token) {
        try {
            byte[] data = client.getData().forPath(witness);
            return token.equals(reader.parse(witness, data).get(TOKEN));
        } catch (KeeperException.NoNodeException e) {
            return false;
        } catch (StateException e) {
            throw e;
        } catch (Exception e) {
            throw NodeReader.failure(witness, e);
        }
    }

    private static OptionalInt sequenceNumber(String name) {
        int dash = name.lastIndexOf('-');
        try {
            return OptionalInt.of(Integer.parseInt(name.substring(dash + 1)));
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
    }

    /** The bytes the request takes on the wire: the multi's record, its header and its length. */
    static int requestBytes(List<Op> ops) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            new MultiOperationRecord(ops).serialize(BinaryOutputArchive.getArchive(out), "request");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.size() + 12;
    }

    private String full(String path) {
        String namespace = client.getNamespace();
        return namespace == null || namespace.isEmpty() ? path : ZKPaths.makePath(namespace, path);
    }}
