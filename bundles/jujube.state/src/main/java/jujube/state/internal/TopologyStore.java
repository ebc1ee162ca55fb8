package jujube.state.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
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
    private final boolean persistMigrations;
    /**
     * The last {@code /topology} content parsed, with its parse: the same bytes are read again and again
     * (a status reads the topology five times; the watches of fifty units sharing one cache each decode
     * every change), and parsing 50 KB of YAML costs far more than comparing the bytes and copying the
     * parse. Each caller gets its own deep copy, so nothing it does reaches the kept one.
     */
    private volatile Parsed last;

    private record Parsed(byte[] data, Map<String, Object> content) {}

    /**
     * @param persistMigrations whether a read stores the migration of an older topology; an agent, which
     *     may not write the topology, migrates it in memory only (the controller stores it when it starts)
     */
    TopologyStore(NodeReader reader, VersionedNodes nodes, TopologyMigrator migrator, boolean persistMigrations) {
        this.client = reader.client();
        this.reader = reader;
        this.nodes = nodes;
        this.migrator = migrator;
        this.persistMigrations = persistMigrations;
    }

    /** The current topology, migrated (and the migration stored, by the administrator) when it was older. */
    Topology read() {
        byte[] data;
        try {
            data = client.getData().forPath(Paths.TOPOLOGY);
        } catch (KeeperException.NoNodeException e) {
            throw notInitialized();
        } catch (Exception e) {
            throw NodeReader.failure(Paths.TOPOLOGY, e);
        }
        Map<String, Object> raw = parse(data);
        if (TopologyMigrator.needsMigration(TopologyCodec.version(raw))) {
            return persistMigrations ? update(t -> t) : TopologyCodec.decode(migrator.migrate(raw));
        }
        return TopologyCodec.decode(raw);
    }

    /** Decodes content seen by a watch, migrating in memory only: watches never write. */
    Topology decode(byte[] data) {
        return TopologyCodec.decode(migrator.migrate(parse(data)));
    }

    /** The parsed content of {@code data}, a copy the caller may change. */
    private Map<String, Object> parse(byte[] data) {
        Parsed known = last;
        if (known == null || !Arrays.equals(known.data(), data)) {
            known = new Parsed(data == null ? null : data.clone(), reader.parse(Paths.TOPOLOGY, data));
            last = known;
        }
        return deepCopy(known.content());
    }

    @SuppressWarnings("unchecked")
    private static <T> T deepCopy(T value) {
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> copy = new LinkedHashMap<>();
            map.forEach((k, v) -> copy.put(k, deepCopy(v)));
            return (T) copy;
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>(list.size());
            list.forEach(v -> copy.add(deepCopy(v)));
            return (T) copy;
        }
        return value; // scalars of a YAML parse: strings, numbers, booleans, null
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
        return reader.bytes(Paths.TOPOLOGY, TopologyCodec.encode(t));
    }

    static EnvironmentNotInitializedException notInitialized() {
        return new EnvironmentNotInitializedException("environment not initialized: " + Paths.TOPOLOGY + " is missing");
    }
}
