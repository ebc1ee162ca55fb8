package jujube.state.store;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.function.Function;
import jujube.state.store.TopologySource.Shard;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.data.ACL;

/**
 * The topology's nodes as one look read them, kept for the look's life, and the changes it makes to
 * them: read node by node as asked (or in batches, {@link #prefetch}), so a unit's lookup reads that
 * unit's nodes, not the environment's. {@link #ops} turns what changed into a ZooKeeper {@code multi},
 * each node written or deleted at the version it was read at, so a writer that changed it meanwhile
 * makes the attempt fail as a whole. What the nodes mean is {@link Topology}'s.
 */
public final class TopologyNodes {
    private final TopologySource source;

    private final Map<String, Node> nodes = new HashMap<>();
    private final Map<String, TreeSet<String>> children = new HashMap<>();

    /** A node as read ({@code version} -1 when it did not exist) and as it is now ({@code content} null: absent). */
    private static final class Node {
        final boolean existed;
        final int version;
        /** Its children when read. */
        final int children;
        Map<String, Object> content;
        boolean dirty;

        Node(boolean existed, int version, int children, Map<String, Object> content) {
            this.existed = existed;
            this.version = version;
            this.children = children;
            this.content = content;
        }
    }

    TopologyNodes(TopologySource source) {
        this.source = source;
    }

    private Node node(String path) {
        Node n = nodes.get(path);
        if (n == null) {
            load(List.of(path));
            n = nodes.get(path);
        }
        return n;
    }

    /** Reads these nodes now, in one batch, for the lookups to come. */
    public void prefetch(Collection<String> paths) {
        load(paths);
    }

    /** Reads the nodes not read yet, in one batch. */
    private void load(Collection<String> paths) {
        List<String> missing = new ArrayList<>();
        for (String p : paths) {
            if (!nodes.containsKey(p)) {
                missing.add(p);
            }
        }
        if (missing.isEmpty()) {
            return;
        }
        Map<String, Shard> read = source.read(missing);
        for (String p : missing) {
            Shard s = read.get(p);
            nodes.put(p, s == null ? new Node(false, -1, 0, null) : new Node(true, s.version(), s.children(), s.content()));
        }
    }

    /** The node's content, or null when it does not exist. */
    Map<String, Object> content(String path) {
        return node(path).content;
    }

    /** The children's names, sorted, with this look's own changes. */
    TreeSet<String> childrenOf(String path) {
        TreeSet<String> names = children.get(path);
        if (names == null) {
            List<String> listed = source.children(path);
            names = listed == null ? new TreeSet<>() : new TreeSet<>(listed);
            for (Map.Entry<String, Node> e : nodes.entrySet()) { // nodes this look created or deleted
                ZKPaths.PathAndNode pn = ZKPaths.getPathAndNode(e.getKey());
                if (pn.getPath().equals(path) && e.getValue().dirty) {
                    if (e.getValue().content == null) {
                        names.remove(pn.getNode());
                    } else {
                        names.add(pn.getNode());
                    }
                }
            }
            children.put(path, names);
        }
        return names;
    }

    /** The content of each child of {@code parent}, decoded, by child name; read in one batch. */
    <T> TreeMap<String, T> decodedChildren(String parent, BiFunction<String, Map<String, Object>, T> decode) {
        List<String> paths = childrenOf(parent).stream().map(c -> parent + "/" + c).toList();
        load(paths);
        TreeMap<String, T> result = new TreeMap<>();
        for (String p : paths) {
            Map<String, Object> c = content(p);
            if (c != null) {
                result.put(Paths.name(p), decode.apply(p, c));
            }
        }
        return result;
    }

    // ---- changing nodes

    /** Gives {@code path} the content {@code content}: a node this look has not read is created. */
    void create(String path, Map<String, Object> content) {
        change(nodes.computeIfAbsent(path, p -> new Node(false, -1, 0, null)), path, content);
    }

    /** Replaces the content of a node read before. */
    void set(String path, Map<String, Object> content) {
        Node n = node(path);
        if (n.content == null) {
            throw new IllegalStateException(path + " does not exist");
        }
        n.content = content;
        n.dirty = true;
    }

    /** Deletes a node read before, at the version read. */
    void delete(String path) {
        change(node(path), path, null);
    }

    /** Deletes an index node whose content does not matter, at any version, without reading it. */
    void deleteIndex(String path) {
        change(nodes.computeIfAbsent(path, p -> new Node(true, -1, 0, null)), path, null);
    }

    /** Gives node {@code n} at {@code path} its new content (null: deleted), and its parent's listed children. */
    private void change(Node n, String path, Map<String, Object> content) {
        n.content = content;
        n.dirty = true;
        TreeSet<String> siblings = children.get(ZKPaths.getPathAndNode(path).getPath());
        if (siblings == null) {
            return; // not listed in this look: childrenOf adds this look's changes when it lists them
        }
        if (content == null) {
            siblings.remove(Paths.name(path));
        } else {
            siblings.add(Paths.name(path));
        }
    }

    /**
     * Writes a node unchanged, at the version read: a change that depends on the node's children (that
     * there are none, that a name is not among them) holds only if no writer changed them meanwhile, and
     * every writer of those children touches the node.
     */
    void touch(String path) {
        Node n = node(path);
        if (n.content == null) {
            throw new IllegalStateException(path + " does not exist");
        }
        n.dirty = true;
    }

    /**
     * How many children the node has with this look's changes: the children listed, or else the count
     * the node's read gave, adjusted by the children this look created or deleted. 0 for a node that
     * does not exist.
     */
    int childCount(String path) {
        TreeSet<String> listed = children.get(path);
        if (listed != null) {
            return listed.size();
        }
        int count = node(path).children;
        for (Map.Entry<String, Node> e : nodes.entrySet()) {
            if (e.getValue().dirty && ZKPaths.getPathAndNode(e.getKey()).getPath().equals(path)) {
                count += e.getValue().content == null ? (e.getValue().existed ? -1 : 0) : (e.getValue().existed ? 0 : 1);
            }
        }
        return count;
    }

    /** Whether this look changed anything. */
    boolean changed() {
        return nodes.values().stream().anyMatch(n -> n.dirty);
    }

    /** A node this look changes, with its content then (null: deleted). */
    record Written(String path, Map<String, Object> content) {}

    /** The nodes this look changes, parents before children where created, children first where deleted. */
    List<Written> written() {
        List<Written> creates = new ArrayList<>();
        List<Written> others = new ArrayList<>();
        List<Written> deletes = new ArrayList<>();
        nodes.forEach((path, n) -> {
            if (!n.dirty) {
                return;
            }
            if (n.content == null) {
                if (n.existed) {
                    deletes.add(new Written(path, null));
                }
            } else {
                (n.existed ? others : creates).add(new Written(path, n.content));
            }
        });
        Comparator<Written> depth = Comparator.comparingInt(w -> w.path().split("/").length);
        creates.sort(depth.thenComparing(Written::path));
        others.sort(Comparator.comparing(Written::path));
        deletes.sort(depth.reversed().thenComparing(Written::path));
        List<Written> all = new ArrayList<>(creates);
        all.addAll(others);
        all.addAll(deletes);
        return all;
    }

    /**
     * The operations that make the server's topology this look's: each created node with the ACL
     * {@code acl} gives it, each changed or deleted one at the version it was read at.
     */
    List<Op> ops(String namespace, NodeReader reader, Function<String, List<ACL>> acl) {
        List<Op> ops = new ArrayList<>();
        for (Written w : written()) {
            String full = namespace == null || namespace.isEmpty() ? w.path() : ZKPaths.makePath(namespace, w.path());
            Node n = nodes.get(w.path());
            if (w.content() == null) {
                ops.add(Op.delete(full, n.version));
            } else if (n.existed) {
                ops.add(Op.setData(full, reader.bytes(w.path(), w.content()), n.version));
            } else {
                ops.add(Op.create(full, reader.bytes(w.path(), w.content()), acl.apply(w.path()), CreateMode.PERSISTENT));
            }
        }
        return ops;
    }
}
