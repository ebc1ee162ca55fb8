package jujube.state.internal;

import java.util.Map;
import java.util.function.Function;
import jujube.state.EnvironmentNotInitializedException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;

/**
 * The only reader and writer of {@code /topology}. Reads migrate an older stored version first (and
 * persist it, under compare-and-set); every change is a compare-and-set with bounded jittered retry.
 */
final class TopologyStore {
    private final CuratorFramework client;
    private final NodeReader reader;
    private final VersionedNodes nodes;
    private final TopologyMigrator migrator;

    TopologyStore(NodeReader reader, VersionedNodes nodes, TopologyMigrator migrator) {
        this.client = reader.client();
        this.reader = reader;
        this.nodes = nodes;
        this.migrator = migrator;
    }

    /** The current topology, migrated (and the migration stored) when it was older. */
    Topology read() {
        byte[] data;
        try {
            data = client.getData().forPath(Paths.TOPOLOGY);
        } catch (KeeperException.NoNodeException e) {
            throw notInitialized();
        } catch (Exception e) {
            throw NodeReader.failure(Paths.TOPOLOGY, e);
        }
        Map<String, Object> raw = reader.parse(Paths.TOPOLOGY, data);
        if (TopologyMigrator.needsMigration(TopologyCodec.version(raw))) {
            return update(t -> t);
        }
        return TopologyCodec.decode(raw);
    }

    /** Decodes content seen by a watch, migrating in memory only: watches never write. */
    Topology decode(byte[] data) {
        return TopologyCodec.decode(migrator.migrate(reader.parse(Paths.TOPOLOGY, data)));
    }

    /** Applies {@code change} atomically; the topology it gets is always the latest, migrated. */
    <R> R update(Function<Topology, R> change) {
        return nodes.update(Paths.TOPOLOGY, TopologyStore::notInitialized, content -> {
            Topology t = TopologyCodec.decode(migrator.migrate(content));
            R result = change.apply(t);
            content.clear();
            content.putAll(TopologyCodec.encode(t));
            return result;
        });
    }

    byte[] encode(Topology t) {
        return reader.bytes(TopologyCodec.encode(t));
    }

    private static EnvironmentNotInitializedException notInitialized() {
        return new EnvironmentNotInitializedException("environment not initialized: " + Paths.TOPOLOGY + " is missing");
    }
}
