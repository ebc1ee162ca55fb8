package jujube.hooks.protocol.internal;

import java.io.EOFException;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.ClosedSelectorException;
import java.util.Optional;
import jujube.hooks.protocol.ErrorCode;
import jujube.hooks.protocol.FrameCodec;
import jujube.hooks.protocol.FrameTooLargeException;
import jujube.hooks.protocol.ProtocolError;
import jujube.hooks.protocol.Response;
import jujube.hooks.protocol.ServerLimits;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves the frames of one client until it hangs up, stalls past the idle timeout, sends a frame that
 * cannot be skipped (too large or truncated), or the server closes.
 */
final class Connection implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(Connection.class);

    private final FrameChannel channel;
    private final FrameCodec codec;
    private final RequestDispatcher dispatcher;
    private final ServerLimits limits;
    private final Runnable onEnd;

    Connection(FrameChannel channel, FrameCodec codec, RequestDispatcher dispatcher, ServerLimits limits,
            Runnable onEnd) {
        this.channel = channel;
        this.codec = codec;
        this.dispatcher = dispatcher;
        this.limits = limits;
        this.onEnd = onEnd;
    }

    @Override
    public void run() {
        try {
            serve();
        } catch (SocketTimeoutException e) {
            LOG.debug("closing a hook socket connection: {}", e.getMessage());
        } catch (EOFException e) {
            LOG.debug("hook socket client hung up mid-frame");
        } catch (IOException | ClosedSelectorException | CancelledKeyException e) {
            LOG.debug("hook socket connection ended: {}", e.toString());
        } finally {
            close();
            onEnd.run();
        }
    }

    private void serve() throws IOException {
        while (true) {
            Optional<byte[]> payload;
            try {
                payload = channel.readPayload(limits.idleTimeout());
            } catch (FrameTooLargeException e) {
                // The payload is not read, so the stream cannot be resynchronised: answer, then close.
                send(Response.failure(null, new ProtocolError(ErrorCode.BAD_REQUEST, e.getMessage())));
                return;
            }
            if (payload.isEmpty()) {
                return;
            }
            send(dispatcher.dispatch(payload.get()));
        }
    }

    private void send(Response response) throws IOException {
        channel.write(codec.encode(response.toJson()), limits.idleTimeout());
    }

    void close() {
        try {
            channel.close();
        } catch (IOException e) {
            LOG.debug("closing a hook socket connection failed", e);
        }
    }
}
