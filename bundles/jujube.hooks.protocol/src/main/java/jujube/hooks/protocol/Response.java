package jujube.hooks.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * An answer frame: {@code {"id": N, "result": ...}} or
 * {@code {"id": N, "error": {"code": "...", "message": "..."}}}. The id is null only when the request
 * was too broken to carry one (not JSON, or no integer id).
 */
public record Response(Long id, JsonNode result, ProtocolError error) {
    public Response {
        if ((result == null) == (error == null)) {
            throw new IllegalArgumentException("exactly one of result and error");
        }
    }

    public static Response success(long id, JsonNode result) {
        return new Response(id, result == null ? NullNode.getInstance() : result, null);
    }

    public static Response failure(Long id, ProtocolError error) {
        return new Response(id, null, error);
    }

    public boolean isError() {
        return error != null;
    }

    /** This answer as the JSON object that goes in a frame. */
    public ObjectNode toJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        if (id == null) {
            node.putNull("id");
        } else {
            node.put("id", id.longValue());
        }
        if (error == null) {
            node.set("result", result);
        } else {
            ObjectNode err = node.putObject("error");
            err.put("code", error.code().wireName());
            err.put("message", error.message());
        }
        return node;
    }

    /**
     * Reads an answer from a decoded frame.
     *
     * @throws ProtocolException {@link ErrorCode#BAD_REQUEST} when the frame is not a valid answer
     */
    public static Response fromJson(JsonNode node) throws ProtocolException {
        if (node == null || !node.isObject()) {
            throw new ProtocolException(ErrorCode.BAD_REQUEST, "an answer must be a JSON object");
        }
        JsonNode id = node.get("id");
        Long parsedId = id != null && id.isIntegralNumber() ? id.asLong() : null;
        JsonNode error = node.get("error");
        if (error != null && error.isObject()) {
            ErrorCode code = ErrorCode.fromWireName(error.path("code").asText())
                    .orElse(ErrorCode.INTERNAL_ERROR);
            return failure(parsedId, new ProtocolError(code, error.path("message").asText()));
        }
        if (!node.has("result") || parsedId == null) {
            throw new ProtocolException(ErrorCode.BAD_REQUEST, "an answer needs an integer id and a result or an error");
        }
        return success(parsedId, node.get("result"));
    }
}
