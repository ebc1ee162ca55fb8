package jujube.hooks.protocol.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import java.util.Objects;
import jujube.hooks.protocol.CommandHandler;
import jujube.hooks.protocol.ErrorCode;
import jujube.hooks.protocol.FrameCodec;
import jujube.hooks.protocol.ProtocolError;
import jujube.hooks.protocol.ProtocolException;
import jujube.hooks.protocol.Request;
import jujube.hooks.protocol.Response;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Turns one request payload into one answer; no input makes it throw. */
final class RequestDispatcher {
    private static final Logger LOG = LoggerFactory.getLogger(RequestDispatcher.class);

    private final FrameCodec codec;
    private final CommandHandler handler;

    RequestDispatcher(FrameCodec codec, CommandHandler handler) {
        this.codec = codec;
        this.handler = handler;
    }

    Response dispatch(byte[] payload) {
        JsonNode node;
        try {
            node = codec.decodePayload(payload);
        } catch (ProtocolException e) {
            return Response.failure(null, e.error());
        }
        // Echo the id even when the rest is invalid, so the client can match the error to its call.
        JsonNode rawId = node.path("id");
        Long id = rawId.isIntegralNumber() && rawId.canConvertToLong() ? rawId.asLong() : null;
        try {
            Request request = Request.fromJson(node);
            JsonNode result = handler.handle(request.command(), request.clientId(), request.args());
            return Response.success(request.id(), Objects.requireNonNullElse(result, NullNode.getInstance()));
        } catch (ProtocolException e) {
            return Response.failure(id, e.error());
        } catch (RuntimeException e) {
            LOG.warn("hook socket command failed unexpectedly", e);
            return Response.failure(id, new ProtocolError(ErrorCode.INTERNAL_ERROR,
                    "the agent failed to serve the request: " + e.getClass().getSimpleName()));
        }
    }
}
