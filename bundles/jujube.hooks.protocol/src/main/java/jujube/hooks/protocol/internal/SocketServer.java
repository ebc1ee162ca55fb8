package jujube.hooks.protocol.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import jujube.hooks.protocol.CommandHandler;
import jujube.hooks.protocol.ErrorCode;
import jujube.hooks.protocol.FrameCodec;
import jujube.hooks.protocol.ProtocolError;
import jujube.hooks.protocol.Response;
import jujube.hooks.protocol.ServerLimits;
import jujube.lib.threads.ThreadFactories;
import jujube.lib.threads.Threads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The unix-socket server behind {@code HookSocketServer}: one accepting thread and a bounded pool of
 * connection threads, all named, daemon, and stopped by {@link #close()}.
 */
public final class SocketServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SocketServer.class);

    private final Path socketPath;
    private final ServerSocketChannel server;
    private final FrameCodec codec;
    private final RequestDispatcher dispatcher;
    private final ServerLimits limits;
    private final ThreadPoolExecutor pool;
    private final Thread acceptor;
    private final Set<Connection> connections = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    public SocketServer(Path socketPath, CommandHandler handler, ObjectMapper mapper, ServerLimits limits)
            throws IOException {
        this.socketPath = socketPath;
        this.limits = limits;
        this.codec = new FrameCodec(mapper, FrameCodec.MAX_REQUEST_BYTES);
        this.dispatcher = new RequestDispatcher(codec, handler);
        this.server = bind(socketPath);
        ConnectionQueue queue = new ConnectionQueue(limits.maxQueued());
        // No core threads: a connection goes to an idle thread when there is one, else to a new thread up to
        // the limit, else it waits (ConnectionQueue). With core threads, every connection started a thread
        // of its own until the core was full, although the thread of the previous one sat idle.
        this.pool = new ThreadPoolExecutor(0, limits.maxConnections(), 5, TimeUnit.SECONDS, queue, ThreadFactories.numbered("jujube-hooksocket"));
        queue.pool = pool;
        // Idle threads exit after 5 s, so a unit agent between hooks holds no connection threads.
        this.acceptor = Threads.startDaemon("jujube-hooksocket-accept", this::acceptLoop);
    }

    private static ServerSocketChannel bind(Path socketPath) throws IOException {
        if (Files.isDirectory(socketPath)) {
            throw new IOException("hook socket path is a directory: " + socketPath);
        }
        // A socket left by a killed agent would make bind fail with "address in use".
        Files.deleteIfExists(socketPath);
        ServerSocketChannel channel = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            channel.bind(UnixDomainSocketAddress.of(socketPath));
            // Connecting needs write permission on the socket: owner-only keeps other users out.
            Files.setPosixFilePermissions(socketPath, PosixFilePermissions.fromString("rw-------"));
            return channel;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    public Path socketPath() {
        return socketPath;
    }

    public int openConnections() {
        return connections.size();
    }

    private void acceptLoop() {
        while (!closed) {
            SocketChannel client;
            try {
                client = server.accept();
            } catch (ClosedChannelException e) {
                return;
            } catch (IOException e) {
                if (closed) {
                    return;
                }
                LOG.warn("hook socket accept failed: {}", e.toString());
                continue;
            }
            admit(client);
        }
    }

    private void admit(SocketChannel client) {
        Connection connection;
        try {
            FrameChannel channel = new FrameChannel(client, codec);
            Connection[] self = new Connection[1];
            connection = new Connection(channel, codec, dispatcher, limits, () -> connections.remove(self[0]));
            self[0] = connection;
        } catch (IOException e) {
            LOG.warn("cannot set up a hook socket connection: {}", e.toString());
            closeQuietly(client);
            return;
        }
        connections.add(connection);
        try {
            pool.execute(connection);
        } catch (RejectedExecutionException e) {
            connections.remove(connection);
            refuseBusy(client);
            connection.close();
        }
    }

    private void refuseBusy(SocketChannel client) {
        byte[] frame = codec.encode(Response.failure(null,
                new ProtocolError(ErrorCode.BAD_REQUEST, "agent busy: too many hook tool connections")).toJson());
        try {
            // Non-blocking since FrameChannel set it; a fresh socket's buffer holds this small frame.
            client.write(ByteBuffer.wrap(frame));
        } catch (IOException ignored) {
            // The client is being refused anyway.
        }
    }

    private static void closeQuietly(SocketChannel client) {
        try {
            client.close();
        } catch (IOException ignored) {
            // Nothing more to release.
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            LOG.debug("closing the hook socket failed", e);
        }
        boolean interrupted = false;
        try {
            acceptor.join(5_000);
        } catch (InterruptedException e) {
            interrupted = true;
        }
        connections.forEach(Connection::close);
        pool.shutdownNow();
        try {
            if (!pool.awaitTermination(5, TimeUnit.SECONDS)) {
                LOG.warn("hook socket threads did not stop within 5 s");
            }
        } catch (InterruptedException e) {
            interrupted = true;
        }
        try {
            Files.deleteIfExists(socketPath);
        } catch (IOException e) {
            LOG.debug("cannot remove the hook socket file", e);
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The pool's queue, which makes {@link ThreadPoolExecutor} prefer a new thread to waiting while it is
     * below its maximum and no thread is idle: a refused offer is how the executor learns to add one
     * (its own rule only grows beyond the core size once the queue is full). At the maximum, connections
     * wait here up to {@code capacity}; beyond that the executor rejects them (the "agent busy" answer).
     */
    private static final class ConnectionQueue extends LinkedBlockingQueue<Runnable> {
        private final int capacity;
        volatile ThreadPoolExecutor pool;

        ConnectionQueue(int capacity) {
            this.capacity = capacity;
        }

        @Override
        public boolean offer(Runnable task) {
            ThreadPoolExecutor executor = pool;
            int threads = executor.getPoolSize();
            if (threads > executor.getActiveCount()) {
                return super.offer(task); // an idle thread is waiting on this queue
            }
            if (threads < executor.getMaximumPoolSize()) {
                return false; // start another thread
            }
            return size() < capacity && super.offer(task);
        }
    }
}
