package jujube.state.store;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.utils.ZKPaths;

/**
 * A topology's nodes under {@code root} from a watch's cache, the others from {@code elsewhere}: a watch
 * of the units on one machine caches that machine's node and reads the few units it names.
 */
final class CachedTopologySource implements TopologySource {
    private final CuratorCache cache;
    private final String root;
    private final NodeReader reader;
    private final TopologySource elsewhere;
    private Map<String, TreeSet<String>> children; // indexed at the first listing

    CachedTopologySource(CuratorCache cache, String root, NodeReader reader, TopologySource elsewhere) {
        this.cache = cache;
        this.root = root;
        this.reader = reader;
        this.elsewhere = elsewhere;
    }

    private boolean cached(String path) {
        return path.equals(root) || path.startsWith(root + "/");
    }

    @Override
    public Map<String, Shard> read(Collection<String> paths) {
        Map<String, Shard> result = new HashMap<>();
        List<String> others = new ArrayList<>();
        for (String p : paths) {
            if (cached(p)) {
                ChildData d = cache.get(p).orElse(null);
                result.put(p, d == null ? null : new Shard(reader.parse(p, d.getData()), d.getStat().getVersion(),
                        d.getStat().getNumChildren()));
            } else {
                others.add(p);
            }
        }
        if (!others.isEmpty()) {
            result.putAll(elsewhere.read(others));
        }
        return result;
    }

    @Override
    public List<String> children(String path) {
        if (!cached(path)) {
            return elsewhere.children(path);
        }
        if (children == null) {
            children = new HashMap<>();
            cache.stream().forEach(d -> {
                if (!d.getPath().equals(root)) {
                    ZKPaths.PathAndNode pn = ZKPaths.getPathAndNode(d.getPath());
                    children.computeIfAbsent(pn.getPath(), k -> new TreeSet<>()).add(pn.getNode());
                }
            });
        }
        if (cache.get(path).isEmpty()) {
            return null;
        }
        TreeSet<String> names = children.get(path);
        return names == null ? List.of() : new ArrayList<>(names);
    }
}
