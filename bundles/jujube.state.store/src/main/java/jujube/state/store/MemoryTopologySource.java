package jujube.state.store;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.curator.utils.ZKPaths;

/**
 * A topology's nodes held in memory, by path: an older stored layout migrated for reading only (an agent
 * may not store the migration), or the nodes a migration is about to store.
 */
final class MemoryTopologySource implements TopologySource {
    private final Map<String, Map<String, Object>> nodes;
    private final Map<String, TreeSet<String>> children = new HashMap<>();

    MemoryTopologySource(Map<String, Map<String, Object>> nodes) {
        this.nodes = new TreeMap<>(nodes);
        for (String path : this.nodes.keySet()) {
            if (!path.equals(TopologyLayout.ROOT)) {
                ZKPaths.PathAndNode pn = ZKPaths.getPathAndNode(path);
                children.computeIfAbsent(pn.getPath(), k -> new TreeSet<>()).add(pn.getNode());
            }
        }
    }

    @Override
    public Map<String, Shard> read(Collection<String> paths) {
        Map<String, Shard> result = new HashMap<>();
        for (String p : paths) {
            Map<String, Object> content = nodes.get(p);
            TreeSet<String> names = children.get(p);
            result.put(p, content == null ? null : new Shard(NodeCopies.deepCopy(content), -1, names == null ? 0 : names.size()));
        }
        return result;
    }

    @Override
    public List<String> children(String path) {
        if (!nodes.containsKey(path)) {
            return null;
        }
        TreeSet<String> names = children.get(path);
        return names == null ? List.of() : new ArrayList<>(names);
    }
}
