package jujube.state;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;
import org.apache.zookeeper.ZooDefs.OpCode;
import org.apache.zookeeper.metrics.impl.DefaultMetricsProvider;
import org.apache.zookeeper.server.DataNode;
import org.apache.zookeeper.server.DataTree;
import org.apache.zookeeper.server.Request;
import org.apache.zookeeper.server.ServerCnxnFactory;
import org.apache.zookeeper.server.ServerMetrics;
import org.apache.zookeeper.server.ZooKeeperServer;

/**
 * A real ZooKeeper server in this process that counts the requests its clients send, pings and session
 * requests aside: how many round trips an operation costs, counted where they arrive. A multi counts once.
 * It also counts the bytes it sends back ({@link #bytesSent()}) and lets a caller walk its data tree
 * ({@link #nodesUnder}) without a request: what an operation costs in traffic, and how big the nodes grow.
 */
public final class CountingZooKeeper implements AutoCloseable {
    /** ZooKeeper's default {@code jute.maxbuffer}: no node, and no request or reply, may be larger. */
    public static final int NODE_LIMIT = 1_048_575;

    static {
        // ZooKeeper measures every reply it serializes (FinalRequestProcessor: RESPONSE_BYTES) and every
        // watch event it sends (WATCH_BYTES), but into its metrics, which are static and discard
        // everything until a provider is installed; an embedded server has none, so install the plain one
        installMetricsProvider();
    }

    private static synchronized void installMetricsProvider() {
        if (ServerMetrics.getMetrics().RESPONSE_BYTES.getClass().getName().contains("Null")) {
            ServerMetrics.metricsProviderInitialized(new DefaultMetricsProvider());
        }
    }

    private final Path dir;
    private final CountingServer server;
    private final ServerCnxnFactory factory;

    public CountingZooKeeper() throws IOException, InterruptedException {
        dir = Files.createTempDirectory("counting-zk");
        server = new CountingServer(dir.toFile());
        factory = ServerCnxnFactory.createFactory(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 100);
        factory.startup(server);
    }

    public String connectString() {
        return InetAddress.getLoopbackAddress().getHostAddress() + ":" + factory.getLocalPort();
    }

    /** Requests received so far from every client. */
    public long requests() {
        return server.requests.sum();
    }

    /**
     * Bytes sent to clients so far: every reply as serialized (reply header, record and, for a read, the
     * data and its stat) and every watch event, pings aside. Deltas of it are what an operation costs. The
     * count is ZooKeeper's own and JVM-wide (its metrics are static): with a second in-process server
     * running, the deltas include that server's traffic too.
     */
    public long bytesSent() {
        ServerMetrics metrics = ServerMetrics.getMetrics();
        return metrics.RESPONSE_BYTES.get() + metrics.WATCH_BYTES.get();
    }

    /** A node and the size of its data. */
    public record NodeSize(String path, int bytes) {
    }

    /** The size of one node's data, read from the server's tree (no request, no ACL check); -1 when absent. */
    public int dataSize(String path) {
        DataNode node = server.getZKDatabase().getDataTree().getNode(path);
        if (node == null) {
            return -1;
        }
        byte[] data = node.getData();
        return data == null ? 0 : data.length;
    }

    /**
     * Every node under {@code root} (itself included), read from the server's in-memory tree: no request,
     * so a walk of a large tree is quick and does not disturb the request count. Empty when root is absent.
     */
    public List<NodeSize> nodesUnder(String root) {
        DataTree tree = server.getZKDatabase().getDataTree();
        List<NodeSize> found = new ArrayList<>();
        List<String> pending = new ArrayList<>(List.of(root));
        while (!pending.isEmpty()) {
            String path = pending.remove(pending.size() - 1);
            DataNode node = tree.getNode(path);
            if (node == null) {
                continue; // removed since its parent listed it
            }
            byte[] data;
            List<String> children;
            synchronized (node) {
                data = node.getData();
                children = List.copyOf(node.getChildren());
            }
            found.add(new NodeSize(path, data == null ? 0 : data.length));
            for (String child : children) {
                pending.add(path.equals("/") ? "/" + child : path + "/" + child);
            }
        }
        return found;
    }

    @Override
    public void close() throws IOException {
        factory.shutdown();
        server.shutdown();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static final class CountingServer extends ZooKeeperServer {
        final LongAdder requests = new LongAdder();

        CountingServer(File dir) throws IOException {
            super(dir, dir, 2000);
        }

        @Override
        public void submitRequest(Request request) {
            if (request.type != OpCode.ping && request.type != OpCode.createSession
                    && request.type != OpCode.closeSession) {
                requests.increment();
            }
            super.submitRequest(request);
        }
    }
}
