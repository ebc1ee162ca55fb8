package jujube.state;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;
import org.apache.zookeeper.ZooDefs.OpCode;
import org.apache.zookeeper.server.Request;
import org.apache.zookeeper.server.ServerCnxnFactory;
import org.apache.zookeeper.server.ZooKeeperServer;

/**
 * A real ZooKeeper server in this process that counts the requests its clients send, pings and session
 * requests aside: how many round trips an operation costs, counted where they arrive. A multi counts once.
 */
public final class CountingZooKeeper implements AutoCloseable {
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
