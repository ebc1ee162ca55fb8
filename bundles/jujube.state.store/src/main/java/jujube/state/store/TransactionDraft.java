package jujube.state.store;

import jujube.access.policy.Principals;
import jujube.access.policy.AccessFacts;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import jujube.access.Credential;
import jujube.model.StateException;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.OpResult;
import org.apache.zookeeper.data.Stat;

/**
 * What one attempt of a {@link TopologyTransaction} sends, as its plan builds it: the nodes it requires
 * unchanged, the nodes it creates (with ids it hands out), and last the topology. Sent as one ZooKeeper
 * {@code multi}, its operations in that order.
 *
 * <p>Ids are the names ZooKeeper's sequence nodes would get, handed out here because the topology that
 * names them goes in the same request: a sequence node is named after its parent's child version, which
 * grows by one with every child created or deleted, so a parent whose child version is {@code c} holds
 * only names below {@code c}. The draft names its nodes {@code c}, {@code c + 1}, and so on; a writer
 * that created a child meanwhile makes this request fail as a whole (the name exists, or the topology
 * changed), and the next attempt reads the parent again.
 */
public final class TransactionDraft {
    private final NodeReader reader;
    private final AccessControl access;
    /** Read when the plan first asks for a machine's, service's or relation's id: adding units needs none. */
    private final Supplier<Map<String, Integer>> firstNumbers;
    private Map<String, Integer> nextNumber;
    /** Nodes read ahead in one request ({@link #prefetch}), which {@link #read} takes from here. */
    private final Map<String, OpResult.GetDataResult> prefetched = new HashMap<>();
    private final UnitIdBlocks unitIds;
    private final List<Check> checks = new ArrayList<>();
    private final List<Create> creates = new ArrayList<>();
    /** The quotas of subtrees created here, and empty nodes made ahead of the transaction: {@link #preparations}. */
    private final List<Quota> quotas = new ArrayList<>();
    private final List<String> prepared = new ArrayList<>();

    private record Quota(String path, WriteQuotas.Limit limit) {}
    private final Set<String> created = new HashSet<>();
    private final List<String> paths = new ArrayList<>();

    /** A node that must exist, at {@code version} unless that is -1, when the request is applied. */
    private record Check(String path, int version, Supplier<? extends StateException> ifMissing) {}

    /** A node to create, holding {@code content} (null: nothing) or, when that is null, {@code raw}. */
    private record Create(String path, Map<String, Object> content, byte[] raw) {}

    /**
     * @param firstNumbers for each parent of sequence-named nodes ({@code /machines}), the first number free
     * @param unitIds where unit ids come from
     */
    public TransactionDraft(NodeReader reader, AccessControl access, Supplier<Map<String, Integer>> firstNumbers,
            UnitIdBlocks unitIds) {
        this.reader = reader;
        this.access = access;
        this.firstNumbers = firstNumbers;
        this.unitIds = unitIds;
    }

    /** Reads these nodes now, in one request, for the {@link #read}s to come. */
    public void prefetch(List<String> paths) {
        NodeBatch batch = new NodeBatch(reader.client());
        Map<String, java.util.concurrent.CompletableFuture<OpResult.GetDataResult>> pending = new LinkedHashMap<>();
        paths.forEach(p -> pending.put(p, batch.node(p)));
        batch.await();
        pending.forEach((p, f) -> {
            if (f.join() != null) {
                prefetched.put(p, f.join());
            }
        });
    }

    /** A new id below a sequence prefix: {@code unit-0000000012} for {@link Paths#UNIT_PREFIX}. */
    String newId(String prefix) {
        int slash = prefix.lastIndexOf('/');
        String parent = prefix.substring(0, slash);
        if (parent.equals(Paths.UNITS)) {
            return prefix.substring(slash + 1) + String.format("%010d", unitIds.next());
        }
        if (nextNumber == null) {
            nextNumber = new LinkedHashMap<>(firstNumbers.get());
        }
        Integer number = nextNumber.get(parent);
        if (number == null) {
            throw new IllegalStateException("no sequence read for " + parent);
        }
        nextNumber.put(parent, number + 1);
        return prefix.substring(slash + 1) + String.format("%010d", number);
    }

    /** Makes sure the next {@code count} unit ids are at hand (one reservation for a batch of units). */
    void reserveUnitIds(int count) {
        unitIds.ensure(count);
    }

    /** Requires the node to exist when the request is applied; otherwise the transaction fails with {@code ifMissing}. */
    public void require(String path, Supplier<? extends StateException> ifMissing) {
        checks.add(new Check(path, -1, ifMissing));
    }

    /**
     * Reads a node now and requires it unchanged when the request is applied: what the plan derives from
     * it stays true, or the attempt is made again.
     */
    public Map<String, Object> read(String path, Supplier<? extends StateException> ifMissing) {
        OpResult.GetDataResult ahead = prefetched.remove(path);
        if (ahead != null) {
            checks.add(new Check(path, ahead.getStat().getVersion(), ifMissing));
            return reader.parse(path, ahead.getData());
        }
        Stat stat = new Stat();
        byte[] data;
        try {
            data = reader.client().getData().storingStatIn(stat).forPath(path);
        } catch (KeeperException.NoNodeException e) {
            throw ifMissing.get();
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
        checks.add(new Check(path, stat.getVersion(), ifMissing));
        return reader.parse(path, data);
    }

    /** Creates a node whose parent exists already or is created earlier in this draft. */
    void create(String path, Map<String, Object> content) {
        creates.add(new Create(path, content, null));
        created.add(path);
    }

    /** Creates a node holding {@code data} as it is, not a map: a group's node or a membership. */
    void createRaw(String path, byte[] data) {
        creates.add(new Create(path, null, data));
        created.add(path);
    }

    /**
     * Makes the identity of a new machine or unit: its credentials node and its digest, created with it. The
     * digest is kept by the connection at once, so the ACLs of the nodes this request creates can name the
     * principal.
     */
    Credential principal(String principal) {
        Credential own = Credential.generate(principal);
        create(AccessControl.CREDENTIALS + "/" + principal, AccessControl.content(List.of(own)));
        create(AccessControl.TOKENS + "/" + principal, Map.of("digest", Principals.id(own).getId()));
        access.remember(own);
        return own;
    }

    /** Makes {@code member} (made in this draft or earlier) a member of {@code group}, whose node exists or is made here. */
    void member(String group, Credential member) {
        createRaw(Principals.membership(group, member.principal()), Principals.membershipData(member));
    }

    /**
     * Creates the subtree at {@code path} (empty), with the quota bounding what may be written in it; both
     * are {@linkplain #preparations prepared} ahead of the transaction.
     */
    void bounded(String path, WriteQuotas.Limit limit) {
        prepared.add(path);
        quota(path, limit);
    }

    /**
     * Bounds what may be written in the subtree at {@code path}, which this transaction or a preparation
     * creates: the quota is {@linkplain #preparations prepared} ahead of the transaction, so ZooKeeper counts
     * the subtree from its first node.
     */
    void quota(String path, WriteQuotas.Limit limit) {
        quotas.add(new Quota(path, limit));
    }

    /** Makes a group's node, with no member yet. */
    void group(String group) {
        createRaw(Principals.group(group), new byte[0]);
    }

    /** Creates a node and those of its ancestors that are not created yet, below {@code root}, created earlier. */
    void createWithAncestors(String root, String path) {
        if (!created.contains(root) || !path.startsWith(root + "/")) {
            throw new IllegalStateException(path + " is not below " + root + ", created in this transaction");
        }
        List<String> missing = new ArrayList<>();
        for (String p = path; !p.equals(root) && !created.contains(p); p = ZKPaths.getPathAndNode(p).getPath()) {
            missing.add(0, p);
        }
        missing.forEach(p -> create(p, null));
    }

    /** The first node created: the one whose content carries the transaction's token. */
    String witness() {
        if (creates.isEmpty()) {
            throw new IllegalStateException("a transaction that creates no node");
        }
        return creates.get(0).path();
    }

    /**
     * The request: checks, creates, then the topology's changed nodes ({@link Topology#ops}), all with the
     * namespace in front of their paths. The witness's content gets {@code token} under
     * {@link TopologyTransaction#TOKEN}; every content is held to what a node may hold.
     */
    List<Op> ops(String namespace, String token, Topology t) {
        AccessFacts facts = TopologyFacts.of(t);
        List<Op> ops = new ArrayList<>();
        paths.clear();
        for (Check c : checks) {
            ops.add(Op.check(full(namespace, c.path()), c.version()));
            paths.add(c.path());
        }
        String witness = witness();
        for (Create c : creates) {
            Map<String, Object> content = c.content();
            if (c.path().equals(witness)) {
                content = new LinkedHashMap<>(content == null ? Map.of() : content);
                content.put(TopologyTransaction.TOKEN, token);
            }
            byte[] data = content != null ? reader.bytes(c.path(), content) : c.raw() != null ? c.raw() : new byte[0];
            // each node's ACL as the policy gives it once this request's topology holds
            ops.add(Op.create(full(namespace, c.path()), data, access.acl(c.path(), facts), CreateMode.PERSISTENT));
            paths.add(c.path());
        }
        t.nodes().written().forEach(w -> paths.add(w.path()));
        ops.addAll(t.ops(namespace, reader, (path, topology) -> access.acl(path, facts)));
        return ops;
    }

    /**
     * What is made ahead of the transaction, in requests of its own: the quotas of the subtrees it makes
     * (kept out of it, whose size bounds how many units one command adds) and the empty nodes that need no
     * more than to exist before it (a writer's debug log). Each is made only if missing: made by an attempt
     * that lost, or for an id that is then never used, it is a few bytes left behind, never a subtree
     * unbounded.
     */
    List<Op> preparations(String namespace, Topology t) {
        AccessFacts facts = TopologyFacts.of(t);
        List<org.apache.zookeeper.data.ACL> administratorOnly = WriteQuotas.administratorOnly(access);
        List<Op> ops = new ArrayList<>();
        for (Quota q : quotas) {
            String full = full(namespace, q.path());
            ops.add(Op.create(WriteQuotas.node(namespace, q.path()), new byte[0], administratorOnly, CreateMode.PERSISTENT));
            ops.add(Op.create(org.apache.zookeeper.Quotas.limitPath(full), WriteQuotas.limits(q.limit()), administratorOnly,
                    CreateMode.PERSISTENT));
            ops.add(Op.create(org.apache.zookeeper.Quotas.statPath(full), WriteQuotas.emptyStats(), administratorOnly,
                    CreateMode.PERSISTENT));
        }
        for (String path : prepared) {
            ops.add(Op.create(full(namespace, path), new byte[0], access.acl(path, facts), CreateMode.PERSISTENT));
        }
        return ops;
    }

    /** The path (without namespace) of operation {@code index} of {@link #ops}. */
    String path(int index) {
        return paths.get(index);
    }

    /** For operation {@code index} of {@link #ops}: the failure of a required node missing; null for other operations. */
    Supplier<? extends StateException> ifMissing(int index) {
        return index < checks.size() ? checks.get(index).ifMissing() : null;
    }

    private static String full(String namespace, String path) {
        return namespace == null || namespace.isEmpty() ? path : ZKPaths.makePath(namespace, path);
    }
}
