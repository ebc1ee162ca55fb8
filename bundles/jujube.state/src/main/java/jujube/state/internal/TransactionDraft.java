package jujube.state.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import jujube.state.Credential;
import jujube.state.StateException;
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
final class TransactionDraft {
    private final NodeReader reader;
    private final AccessControl access;
    private final Map<String, Credential> principals = new HashMap<>();
    /** Read when the plan first asks for a machine's, service's or relation's id: adding units needs none. */
    private final Supplier<Map<String, Integer>> firstNumbers;
    private Map<String, Integer> nextNumber;
    /** Nodes read ahead in one request ({@link #prefetch}), which {@link #read} takes from here. */
    private final Map<String, OpResult.GetDataResult> prefetched = new HashMap<>();
    private final UnitIdBlocks unitIds;
    private final List<Check> checks = new ArrayList<>();
    private final List<Create> creates = new ArrayList<>();
    private final Set<String> created = new HashSet<>();
    private final List<String> paths = new ArrayList<>();

    /** A node that must exist, at {@code version} unless that is -1, when the request is applied. */
    private record Check(String path, int version, Supplier<? extends StateException> ifMissing) {}

    /** A node to create; null content is an empty node. */
    private record Create(String path, Map<String, Object> content) {}

    /**
     * @param firstNumbers for each parent of sequence-named nodes ({@code /machines}), the first number free
     * @param unitIds where unit ids come from
     */
    TransactionDraft(NodeReader reader, AccessControl access, Supplier<Map<String, Integer>> firstNumbers,
            UnitIdBlocks unitIds) {
        this.reader = reader;
        this.access = access;
        this.firstNumbers = firstNumbers;
        this.unitIds = unitIds;
    }

    /** Reads these nodes now, in one request, for the {@link #read}s to come. */
    void prefetch(List<String> paths) {
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
    void require(String path, Supplier<? extends StateException> ifMissing) {
        checks.add(new Check(path, -1, ifMissing));
    }

    /**
     * Reads a node now and requires it unchanged when the request is applied: what the plan derives from
     * it stays true, or the attempt is made again.
     */
    Map<String, Object> read(String path, Supplier<? extends StateException> ifMissing) {
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
        creates.add(new Create(path, content));
        created.add(path);
    }

    /**
     * Makes the identity of a new machine, service or unit: its credentials node (holding its own credential,
     * then {@code also}) and its digest, created with it. The digest is kept by the connection at once, so
     * the ACLs of the nodes this request creates can name the principal.
     */
    Credential principal(String principal, List<Credential> also) {
        Credential own = Credential.generate(principal);
        List<Credential> content = new ArrayList<>(List.of(own));
        content.addAll(also);
        create(AccessControl.CREDENTIALS + "/" + principal, AccessControl.content(content));
        create(AccessControl.TOKENS + "/" + principal, Map.of("digest", Principals.id(own).getId()));
        access.remember(own);
        principals.put(principal, own);
        return own;
    }

    /**
     * The own credential of {@code principal}: made in this draft, or read from its credentials node, which
     * must then stay as it is.
     */
    Credential credentialOf(String principal) {
        Credential made = principals.get(principal);
        if (made != null) {
            return made;
        }
        String path = AccessControl.CREDENTIALS + "/" + principal;
        Map<String, Object> content = read(path, () -> new StateException(principal + " has no credentials ("
                + path + " is missing): is the access policy set up? (the controller sets it up when it starts)"));
        Credential own = access.credentialsIn(path, reader.bytes(path, content)).get(0);
        principals.put(principal, own); // read once, however many units of the service the draft adds
        return own;
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
        AccessFacts facts = AccessFacts.of(t);
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
            byte[] data = content == null ? new byte[0] : reader.bytes(c.path(), content);
            // each node's ACL as the policy gives it once this request's topology holds
            ops.add(Op.create(full(namespace, c.path()), data, access.acl(c.path(), facts), CreateMode.PERSISTENT));
            paths.add(c.path());
        }
        t.written().forEach(w -> paths.add(w.path()));
        ops.addAll(t.ops(namespace, reader, (path, topology) -> access.acl(path, facts)));
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
