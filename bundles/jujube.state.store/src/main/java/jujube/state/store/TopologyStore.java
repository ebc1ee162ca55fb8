package jujube.state.store;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import jujube.state.ConcurrentUpdateException;
import jujube.state.CorruptStateException;
import jujube.state.EnvironmentNotInitializedException;
import jujube.model.StateException;
import org.apache.curator.RetryLoop;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.OpResult;
import org.apache.zookeeper.data.Stat;

/**
 * The only reader and writer of the topology's nodes ({@link TopologyLayout}). A connection that finds an
 * older version stored migrates it first: the administrator stores the migration, an agent (which may not
 * write the topology) reads it migrated in memory until the controller has stored it. Every change is a
 * {@code multi} of the nodes it changed, at the versions read, with bounded jittered retry.
 */
public final class TopologyStore {
    /** Failures of a change's multi that mean another writer came first: the change is made again. */
    private static final Set<KeeperException.Code> LOST = EnumSet.of(KeeperException.Code.BADVERSION,
            KeeperException.Code.NODEEXISTS, KeeperException.Code.NONODE, KeeperException.Code.NOTEMPTY);
    /** Bytes of node content per request of a stored migration, well below ZooKeeper's packet limit. */
    private static final int MIGRATION_BATCH_BYTES = 256 * 1024;

    private final CuratorFramework client;
    private final NodeReader reader;
    private final TopologyMigrator migrator;
    private final boolean persistMigrations;
    private final AccessControl access;
    private final TopologySource server;
    /** Service ids by name, as the looks of this connection found them ({@link Topology#findServiceId}). */
    private final Map<String, String> knownServiceIds = new java.util.concurrent.ConcurrentHashMap<>();
    /** The stored topology is at {@link Topology#VERSION}: versions only grow, so it is checked once. */
    private volatile boolean current;

    /**
     * @param persistMigrations whether a read stores the migration of an older topology; an agent, which
     *     may not write the topology, migrates it in memory only (the controller stores it when it starts)
     */
    public TopologyStore(NodeReader reader, TopologyMigrator migrator, boolean persistMigrations, AccessControl access) {
        this.client = reader.client();
        this.reader = reader;
        this.migrator = migrator;
        this.persistMigrations = persistMigrations;
        this.access = access;
        this.server = new ServerTopologySource(reader);
    }

    /** The nodes a new environment's topology starts with, parents first: machine 0 and the empty indexes. */
    public static Map<String, Map<String, Object>> initialNodes() {
        Map<String, Map<String, Object>> nodes = new LinkedHashMap<>();
        nodes.put(TopologyLayout.ROOT, TopologyCodec.root(Map.of()));
        for (String index : List.of(TopologyLayout.MACHINES, TopologyLayout.SERVICES, TopologyLayout.UNITS,
                TopologyLayout.RELATIONS)) {
            nodes.put(index, Topology.index());
        }
        nodes.put(TopologyLayout.machine(Paths.machineKey(0)), Topology.index());
        return nodes;
    }

    /** The current topology, migrated (and the migration stored, by the administrator) when it was older. */
    public Topology read() {
        for (int attempt = 1; !current; attempt++) {
            Stat stat = new Stat();
            Map<String, Object> root = readRoot(stat);
            if (!TopologyMigrator.needsMigration(TopologyCodec.version(root))) {
                current = true;
                break;
            }
            Map<String, Map<String, Object>> migrated = nodesOf(migrator.migrate(root));
            if (!persistMigrations) {
                return new Topology(new MemoryTopologySource(migrated));
            }
            try {
                store(stat.getVersion(), migrated);
            } catch (MigrationRaced e) {
                if (attempt == VersionedNodes.MAX_ATTEMPTS) {
                    throw new ConcurrentUpdateException(Paths.TOPOLOGY, attempt);
                }
                VersionedNodes.pause(attempt);
            }
        }
        return new Topology(server, knownServiceIds);
    }

    /** A topology whose nodes under {@code root} come from a watch's cache, once the stored one is current. */
    Topology cached(org.apache.curator.framework.recipes.cache.CuratorCache cache, String root) {
        if (!current) {
            Topology t = read(); // checks the stored version, migrating it in memory when it is older
            if (!current) {
                return t;
            }
        }
        return new Topology(new CachedTopologySource(cache, root, reader, server), knownServiceIds);
    }

    private Map<String, Object> readRoot(Stat stat) {
        byte[] data;
        try {
            data = client.getData().storingStatIn(stat).forPath(Paths.TOPOLOGY);
        } catch (KeeperException.NoNodeException e) {
            throw notInitialized();
        } catch (Exception e) {
            throw NodeReader.failure(Paths.TOPOLOGY, e);
        }
        return reader.parse(Paths.TOPOLOGY, data);
    }

    /** The nodes of a migrated topology: {@code nodes}, by path, in a map at its current version. */
    @SuppressWarnings("unchecked")
    private static Map<String, Map<String, Object>> nodesOf(Map<String, Object> migrated) {
        Fields f = new Fields(Paths.TOPOLOGY);
        Map<String, Map<String, Object>> nodes = new TreeMap<>();
        f.map(migrated.get("nodes"), "nodes").forEach((path, content) -> {
            if (!path.equals(TopologyLayout.ROOT) && !path.startsWith(TopologyLayout.ROOT + "/")) {
                throw new CorruptStateException(Paths.TOPOLOGY, "migrated node '" + path + "' is not below " + Paths.TOPOLOGY);
            }
            nodes.put(path, f.map(content, "nodes." + path));
        });
        if (!nodes.containsKey(TopologyLayout.ROOT)) {
            throw new CorruptStateException(Paths.TOPOLOGY, "the migrated topology has no root");
        }
        return nodes;
    }

    /**
     * Stores a migrated topology over the older one read at {@code rootVersion}. Every request of it
     * requires the root unchanged, so a migration raced by another (or by a writer of the older version)
     * stops at its first request after the other's last: the root is written last, and before it nothing
     * reads the new nodes. Nodes left by an attempt that stopped are made to match, so running it again
     * (after a kill, or by a second controller) ends with the same nodes.
     */
    private void store(int rootVersion, Map<String, Map<String, Object>> nodes) {
        String namespace = client.getNamespace();
        List<String> existing = new ArrayList<>();
        listBelow(TopologyLayout.ROOT, existing);
        List<Op> ops = new ArrayList<>();
        int bytes = 0;
        // nodes an earlier attempt left that this one has not: deepest first
        List<String> stale = existing.stream().filter(p -> !nodes.containsKey(p))
                .sorted(Comparator.comparingInt((String p) -> p.split("/").length).reversed()).toList();
        for (String p : stale) {
            ops.add(Op.delete(full(namespace, p), -1));
            bytes += p.length();
            if (bytes > MIGRATION_BATCH_BYTES) {
                sendMigration(rootVersion, ops);
                ops.clear();
                bytes = 0;
            }
        }
        Set<String> present = new java.util.HashSet<>(existing);
        List<String> paths = nodes.keySet().stream().filter(p -> !p.equals(TopologyLayout.ROOT))
                .sorted(Comparator.comparingInt((String p) -> p.split("/").length).thenComparing(p -> p)).toList();
        for (String p : paths) {
            byte[] data = reader.bytes(p, nodes.get(p));
            ops.add(present.contains(p) ? Op.setData(full(namespace, p), data, -1)
                    : Op.create(full(namespace, p), data, access.acl(p), CreateMode.PERSISTENT));
            bytes += data.length + p.length() + 64;
            if (bytes > MIGRATION_BATCH_BYTES) {
                sendMigration(rootVersion, ops);
                ops.clear();
                bytes = 0;
            }
        }
        ops.add(Op.setData(full(namespace, Paths.TOPOLOGY), reader.bytes(Paths.TOPOLOGY, nodes.get(TopologyLayout.ROOT)),
                rootVersion));
        sendMigration(rootVersion, ops);
    }

    /** One request of a stored migration, with the root required at {@code rootVersion} in front. */
    private void sendMigration(int rootVersion, List<Op> ops) {
        List<Op> request = new ArrayList<>();
        request.add(Op.check(full(client.getNamespace(), Paths.TOPOLOGY), rootVersion));
        request.addAll(ops);
        try {
            RetryLoop.callWithRetry(client.getZookeeperClient(), () -> client.getZookeeperClient().getZooKeeper().multi(request));
        } catch (KeeperException e) {
            // the root changed (another migrated it), or a node appeared or went under a racing migration:
            // read again from the start, which finds the stored version or migrates what is there now
            throw new MigrationRaced();
        } catch (Exception e) {
            throw NodeReader.failure(Paths.TOPOLOGY, e);
        }
    }

    /** A stored migration lost to another writer; {@link #read} starts over. */
    private static final class MigrationRaced extends StateException {
        MigrationRaced() {
            super("the topology changed while its migration was stored");
        }
    }

    private void listBelow(String path, List<String> out) {
        List<String> names;
        try {
            names = client.getChildren().forPath(path);
        } catch (KeeperException.NoNodeException e) {
            return;
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
        for (String n : names) {
            String child = ZKPaths.makePath(path, n);
            out.add(child);
            listBelow(child, out);
        }
    }

    /** Applies {@code change} atomically; the topology it gets is always the latest, migrated. */
    public <R> R update(Function<Topology, R> change) {
        for (int attempt = 1; attempt <= VersionedNodes.MAX_ATTEMPTS; attempt++) {
            Topology t = read();
            R result = change.apply(t);
            if (!t.nodes().changed()) {
                return result;
            }
            List<Op> ops = t.ops(client.getNamespace(), reader, (path, topology) -> access.acl(path));
            try {
                RetryLoop.callWithRetry(client.getZookeeperClient(), () -> client.getZookeeperClient().getZooKeeper().multi(ops));
                return result;
            } catch (KeeperException e) {
                if (!LOST.contains(failure(e))) {
                    throw NodeReader.failure(Paths.TOPOLOGY, e);
                }
                VersionedNodes.pause(attempt);
            } catch (Exception e) {
                throw NodeReader.failure(Paths.TOPOLOGY, e);
            }
        }
        throw new ConcurrentUpdateException(Paths.TOPOLOGY, VersionedNodes.MAX_ATTEMPTS);
    }

    /** The code of the operation that failed a multi (the others say OK or that they were not run). */
    static KeeperException.Code failure(KeeperException e) {
        if (e.getResults() != null) {
            for (OpResult r : e.getResults()) {
                if (r instanceof OpResult.ErrorResult error && error.getErr() != KeeperException.Code.OK.intValue()
                        && error.getErr() != KeeperException.Code.RUNTIMEINCONSISTENCY.intValue()) {
                    return KeeperException.Code.get(error.getErr());
                }
            }
        }
        return e.code();
    }

    private static String full(String namespace, String path) {
        return namespace == null || namespace.isEmpty() ? path : ZKPaths.makePath(namespace, path);
    }

    static EnvironmentNotInitializedException notInitialized() {
        return new EnvironmentNotInitializedException("environment not initialized: " + Paths.TOPOLOGY + " is missing");
    }
}
