package jujube.state.store;

import jujube.access.policy.NodeKind;
import jujube.access.policy.Principals;

import java.util.List;
import java.util.Optional;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Quotas;
import org.apache.zookeeper.StatsTrack;
import org.apache.zookeeper.ZooDefs.Perms;
import org.apache.zookeeper.data.ACL;

/**
 * What each identity may write, bounded with ZooKeeper's own quotas (hard limits on the node count and
 * the bytes of a subtree, which the server enforces, {@code zookeeper.enforceQuota}): every subtree an
 * agent may create nodes in has one, set by the administrator when the subtree is made. A write past it
 * fails with ZooKeeper's {@code QuotaExceeded}, whoever writes (the administrator too, whose requests for a
 * unit, such as {@code jujube exec}'s, then fail for that unit alone). Other nodes an agent writes are single
 * nodes (its settings, its scope entries), bounded by what one node may hold.
 *
 * <p>The quota nodes live outside the environment's root, below {@code /zookeeper/quota/<chroot>}, which
 * the environment's administrator alone may change: an agent can neither lift its quota nor give itself
 * a deeper one. (On an ensemble shared by environments under chroots, {@code /zookeeper/quota} itself is
 * the operator's to close: a quota on an ancestor of an environment's root would bound its every node.)
 */
public final class WriteQuotas {
    /** A hard limit on a subtree: how many nodes (itself included) and how many bytes of data. */
    record Limit(long count, long bytes) {}

    /**
     * A unit's node and what is below it: its presence, ports, flags, status history (about 25 KB at its
     * longest) and the {@code jujube exec} requests in flight (each up to 64 KiB of command and twice that of
     * output): room for three of the largest at once.
     */
    public static final Limit UNIT = new Limit(100, 1024 * 1024);
    /** A machine's node and below: its presence, provisioning lock, one-time credential and requests. */
    public static final Limit MACHINE = new Limit(100, 256 * 1024);
    /** One writer's debug log: its {@link jujube.state.DebugLog#RETAINED_RECORDS} newest records, a few more while it trims. */
    public static final Limit LOG = new Limit(jujube.state.DebugLog.RETAINED_RECORDS + 50, 512 * 1024);

    private WriteQuotas() {}

    /** The limit of the subtree at {@code path} (below the environment's root), if it has one. */
    static Optional<Limit> of(String path) {
        return switch (NodeKind.of(path)) {
            case UNIT -> Optional.of(UNIT);
            case MACHINE -> Optional.of(MACHINE);
            case LOG_WRITER -> Optional.of(LOG);
            default -> Optional.empty();
        };
    }

    /**
     * Where ZooKeeper keeps the quotas of the environment below Curator's {@code namespace} (null or empty for
     * the root): its full path.
     */
    static String root(String namespace) {
        return namespace == null || namespace.isEmpty() ? Quotas.quotaZookeeper : Quotas.quotaZookeeper + "/" + namespace;
    }

    /** The full path of the quota's node of the subtree at {@code path} (below the environment's root). */
    static String node(String namespace, String path) {
        return root(namespace) + path;
    }

    /** What the limit node holds. */
    static byte[] limits(Limit limit) {
        StatsTrack track = new StatsTrack();
        track.setCountHardLimit(limit.count());
        track.setByteHardLimit(limit.bytes());
        return track.getStatsBytes();
    }

    /** What a new stat node holds: ZooKeeper counts the subtree when the node is made. */
    static byte[] emptyStats() {
        return new StatsTrack().getStatsBytes();
    }

    /**
     * Makes the quotas' directory of the environment and its parents for units, machines and logs (the
     * administrator's alone); idempotent. {@code client} is the administrator's.
     */
    public static void prepare(CuratorFramework client, List<ACL> administratorOnly) {
        String namespace = client.getNamespace();
        CuratorFramework raw = client.usingNamespace(null);
        for (String dir : List.of(Paths.UNITS, Paths.MACHINES, Paths.LOGS)) {
            String path = root(namespace) + dir;
            try {
                raw.create().creatingParentsIfNeeded().withACL(administratorOnly).forPath(path);
            } catch (KeeperException.NodeExistsException e) {
                // made before
            } catch (Exception e) {
                throw NodeReader.failure(path, e);
            }
        }
        // the directory of this environment's quotas is the administrator's: nobody else may make a quota in
        // it (for an environment at the root, that is /zookeeper/quota itself: nobody may make one anywhere)
        List<String> closed = new java.util.ArrayList<>(List.of(root(namespace)));
        if (namespace == null || namespace.isEmpty()) {
            // ZooKeeper's own directory, open to all by default: anyone could make nodes in it, bounded by nothing
            closed.add(Quotas.procZookeeper);
        }
        for (String dir : closed) {
            try {
                raw.setACL().withACL(administratorOnly).forPath(dir);
            } catch (Exception e) {
                throw NodeReader.failure(dir, e);
            }
        }
    }

    /** The administrator-only ACL quota nodes get. */
    public static List<ACL> administratorOnly(AccessControl access) {
        return List.of(new ACL(Perms.ALL, access.token(Principals.ADMIN)));
    }

    /**
     * The operations making the quota of the subtree at {@code path} (below the environment's root), for a
     * transaction of {@code client}'s (the administrator's) that makes the subtree.
     */
    public static List<CuratorOp> operations(CuratorFramework client, String path, Limit limit, List<ACL> administratorOnly)
            throws Exception {
        CuratorFramework raw = client.usingNamespace(null);
        String full = client.getNamespace() == null || client.getNamespace().isEmpty() ? path
                : "/" + client.getNamespace() + path;
        return List.of(
                raw.transactionOp().create().withACL(administratorOnly).forPath(node(client.getNamespace(), path)),
                raw.transactionOp().create().withACL(administratorOnly).forPath(Quotas.limitPath(full), limits(limit)),
                raw.transactionOp().create().withACL(administratorOnly).forPath(Quotas.statPath(full), emptyStats()));
    }

    /**
     * Bounds the subtree at {@code path}, which exists, unless it is bounded already: for an environment made
     * before quotas. ZooKeeper counts what the subtree holds when the quota is made.
     */
    public static void ensure(CuratorFramework client, String path, Limit limit, List<ACL> administratorOnly) {
        try {
            client.transaction().forOperations(operations(client, path, limit, administratorOnly));
        } catch (KeeperException.NodeExistsException | KeeperException.NoNodeException e) {
            // bounded before; or the subtree went meanwhile
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
    }

    /** Removes the quota of the subtree at {@code path}, which is gone; a quota already gone is fine. */
    static void remove(CuratorFramework client, String path) {
        String node = node(client.getNamespace(), path);
        try {
            client.usingNamespace(null).delete().guaranteed().deletingChildrenIfNeeded().forPath(node);
        } catch (KeeperException.NoNodeException e) {
            // removed before, or never made (a subtree made before quotas)
        } catch (Exception e) {
            throw NodeReader.failure(node, e);
        }
    }
}
