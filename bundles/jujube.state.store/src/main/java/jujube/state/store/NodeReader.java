package jujube.state.store;

import com.fasterxml.jackson.core.JacksonException;
import java.util.Map;
import java.util.Optional;
import jujube.state.CorruptStateException;
import jujube.state.NodeTooLargeException;
import jujube.model.StateException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;

/**
 * Reads nodes and turns every failure into a {@link StateException} that names the node, so that
 * no caller ever sees a raw ZooKeeper or parse exception.
 */
public final class NodeReader {
    private final CuratorFramework client;
    private final NodeCodec codec = new NodeCodec();

    public NodeReader(CuratorFramework client) {
        this.client = client;
    }

    public boolean exists(String path) {
        try {
            return client.checkExists().forPath(path) != null;
        } catch (Exception e) {
            throw failure(path, e);
        }
    }

    /** The node's YAML content as a map; fails when the node is missing. */
    public Map<String, Object> yamlMap(String path) {
        try {
            return parse(path, client.getData().forPath(path));
        } catch (KeeperException.NoNodeException e) {
            throw new CorruptStateException(path, "node is missing");
        } catch (StateException e) {
            throw e;
        } catch (Exception e) {
            throw failure(path, e);
        }
    }

    /** The node's YAML content as a map; empty when the node is missing or empty. */
    /**
     * The node's YAML content as a map, or empty when the node does not exist: one read, so a node
     * deleted between a check and a read cannot look like an existing node without content.
     */
    public Optional<Map<String, Object>> presentYamlMap(String path) {
        try {
            return Optional.of(parse(path, client.getData().forPath(path)));
        } catch (KeeperException.NoNodeException e) {
            return Optional.empty();
        } catch (StateException e) {
            throw e;
        } catch (Exception e) {
            throw failure(path, e);
        }
    }

    /** The node's YAML content as a map, or an empty map when the node does not exist. */
    public Map<String, Object> optionalYamlMap(String path) {
        return presentYamlMap(path).orElse(Map.of());
    }

    /** Parses YAML node content into a mutable map, naming the node when it cannot. */
    public Map<String, Object> parse(String path, byte[] data) {
        if (data == null || data.length == 0) {
            return new java.util.LinkedHashMap<>();
        }
        try {
            return codec.read(data);
        } catch (JacksonException e) {
            throw new CorruptStateException(path, "content is not a YAML map: " + e.getOriginalMessage(), e);
        } catch (java.io.IOException e) {
            throw new CorruptStateException(path, "content cannot be read: " + e.getMessage(), e);
        }
    }

    /** Node content for a value made of maps, lists and scalars (see {@link NodeCodec}). */
    public byte[] bytes(Object value) {
        return codec.write(value);
    }

    /**
     * Node content for {@code path}, refused with {@link NodeTooLargeException} when it is over the limit
     * a node may hold: every write whose size depends on its input goes through here.
     */
    public byte[] bytes(String path, Object value) {
        byte[] data = codec.write(value);
        if (data.length > NodeTooLargeException.LIMIT_BYTES) {
            throw new NodeTooLargeException(path, data.length);
        }
        return data;
    }

    CuratorFramework client() {
        return client;
    }

    public CorruptStateException corrupt(String path, String problem) {
        return new CorruptStateException(path, problem);
    }

    public static StateException failure(String path, Exception e) {
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
        }
        if (e instanceof org.apache.zookeeper.KeeperException.QuotaExceededException) {
            return new StateException(path + " is over the quota of what may be written there ("
                    + ((org.apache.zookeeper.KeeperException) e).getPath() + ": its node count or bytes): remove some of it first", e);
        }
        if (e instanceof org.apache.zookeeper.KeeperException.NoAuthException) {
            return new jujube.access.NotAuthorizedException(path, e);
        }
        if (e instanceof org.apache.zookeeper.KeeperException.InvalidACLException) {
            return new StateException("ZooKeeper refuses the ACL of " + path + ": its servers lack the group rights Jujube's"
                    + " ACLs use (jujube.zookeeper.auth on their class path, authProvider.jujube in their configuration)", e);
        }
        return new StateException("ZooKeeper request on " + path + " failed: " + e.getMessage(), e);
    }
}
