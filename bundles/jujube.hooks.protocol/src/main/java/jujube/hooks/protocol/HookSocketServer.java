package jujube.hooks.protocol;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import jujube.hooks.protocol.internal.SocketServer;

/**
 * The hook socket a unit agent serves: a unix domain socket at a path in the unit directory, re-created
 * on start (a stale file is removed) with owner-only permissions, answering each request frame with
 * one answer frame through a {@link CommandHandler}.
 *
 * <p>Guarantees: no client input stops the server or leaks a thread. Malformed JSON, a bad request
 * shape or an unknown command get a {@code BadRequest} answer and the connection stays usable; a frame
 * above {@link FrameCodec#MAX_REQUEST_BYTES} gets a {@code BadRequest} answer and the connection is
 * closed; a client that stalls past {@link ServerLimits#idleTimeout()} is disconnected. At most
 * {@link ServerLimits#maxConnections()} threads named {@code jujube-hooksocket-N} serve connections,
 * plus one named {@code jujube-hooksocket-accept}. {@link #close()} stops them all and removes the file.
 *
 * <p>Put the socket in a directory only the agent's user can enter: the permissions are set right
 * after {@code bind}, and the directory closes that short window.
 */
public final class HookSocketServer implements AutoCloseable {
    private final SocketServer server;

    private HookSocketServer(SocketServer server) {
        this.server = server;
    }

    /**
     * Binds the socket and starts serving.
     *
     * @param socketPath where the socket lives; under 108 bytes, the kernel's limit
     * @throws IOException when the path cannot be bound
     */
    public static HookSocketServer start(Path socketPath, CommandHandler handler, ObjectMapper mapper,
            ServerLimits limits) throws IOException {
        return new HookSocketServer(new SocketServer(socketPath, handler, mapper, limits));
    }

    public Path socketPath() {
        return server.socketPath();
    }

    /** Connections accepted and not yet ended (served or waiting for a thread). */
    public int openConnections() {
        return server.openConnections();
    }

    /** Stops accepting, closes every connection, waits for the threads and removes the socket file. */
    @Override
    public void close() {
        server.close();
    }
}
