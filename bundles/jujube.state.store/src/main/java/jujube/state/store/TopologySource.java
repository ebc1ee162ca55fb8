package jujube.state.store;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Where the nodes of a {@link Topology} come from: the server (a topology that will be written), a watch's
 * cache (a topology derived for a watcher) or memory (an older layout migrated without being stored).
 */
interface TopologySource {
    /** A node's parsed content, data version and number of children, as read. */
    record Shard(Map<String, Object> content, int version, int children) {}

    /** The nodes at {@code paths}, by path; a missing node maps to null. */
    Map<String, Shard> read(Collection<String> paths);

    /** The names of the node's children, sorted; null when the node does not exist. */
    List<String> children(String path);
}
