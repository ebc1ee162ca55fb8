package jujube.state.store;

import java.util.concurrent.Executor;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import jujube.state.StateWatcher;
import jujube.state.Watch;
import org.apache.curator.framework.CuratorFramework;

/**
 * What every part of the state API shares within one connection.
 *
 * @param client the connection's Curator client
 * @param reader reads and parses nodes
 * @param nodes the compare-and-set writer
 * @param topology the topology's reader and writer
 * @param transactions the writer of changes that create nodes along with the topology
 * @param watchExecutor runs watch callbacks
 * @param presences presence nodes released for a successor in this process
 * @param caches the node caches the watches of this connection share
 * @param access the connection's credentials and the policy its new nodes' ACLs come from
 * @param requests the requests a machine agent sends the controller for what only the administrator may do
 */
public record StateContext(CuratorFramework client, NodeReader reader, VersionedNodes nodes, TopologyStore topology,
        TopologyTransaction transactions, Executor watchExecutor, ParkedPresences presences, SharedCaches caches,
        AccessControl access,
        MachineRequests requests) {

    /** The administrator's side of identities. */
    public Identities identities() {
        return new Identities(this);
    }

    /** What the administrator prepares in relation scopes for their units. */
    public RelationAccess relationAccess() {
        return new RelationAccess(this);
    }

    /**
     * Reads the topology once, then every node {@code plan} asks for in one {@link NodeBatch}: the plan adds
     * its reads and returns what assembles the answer once they are in. A list of N things costs a topology
     * read and a few multi-reads instead of N round trips.
     */
    public <T> T batched(BiFunction<Topology, NodeBatch, Supplier<T>> plan) {
        Topology t = topology.read();
        NodeBatch batch = new NodeBatch(client);
        Supplier<T> answer = plan.apply(t, batch);
        batch.await();
        return answer.get();
    }

    /**
     * A watch of something derived from the topology's nodes under {@code root}, which a cache of that
     * subtree holds; what the derivation reads elsewhere is read from the server. The value is computed
     * again only for a change at a path {@code dependsOn} accepts.
     */
    public <T> Watch watchTopology(String root, java.util.function.Predicate<String> dependsOn, Function<Topology, T> derive,
            T empty, StateWatcher<T> watcher) {
        return new CacheWatch<>(caches, root, false, cache -> derive.apply(topology.cached(cache, root)), dependsOn,
                new SerialDelivery<>(watchExecutor, watcher, empty));
    }

    /** Whether {@code path} is a child of {@code parent}: the index changes a watch of that index depends on. */
    public static java.util.function.Predicate<String> childOf(String parent) {
        return path -> path.startsWith(parent + "/") && path.indexOf('/', parent.length() + 1) < 0;
    }

    /** Deletes a subtree an agent writes (a unit's, a machine's, a writer's log) and then its quota. */
    public void deleteBounded(String path) {
        deleteTree(path);
        WriteQuotas.remove(client, path);
    }

    /** Deletes a node and everything below it; a node already gone is fine. */
    public void deleteTree(String path) {
        try {
            client.delete().guaranteed().deletingChildrenIfNeeded().forPath(path);
        } catch (org.apache.zookeeper.KeeperException.NoNodeException e) {
            // already removed, by us earlier or by a concurrent remover
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
    }
}
