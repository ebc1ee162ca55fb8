package jujube.hooks.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * A request frame: {@code {"id": N, "command": "...", "client_id": "..."|null, "args": {...}}}. The id
 * is chosen by the client and echoed in the answer; {@code client_id} names the hook invocation whose
 * context the command runs in.
 */
public record Request(long id, String command, String clientId, ObjectNode args) {
    public Request {
        Objects.requireNonNull(command, "command");
        args = args == null ? JsonNodeFactory.instance.objectNode() : args;
    }

    /** This request as the JSON object that goes in a frame. */
    public ObjectNode toJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("id", id);
        node.put("command", command);
        if (clientId == null) {
            node.putNull("client_id");
        } else {
            node.put("client_id", clientId);
        }
        node.set("args", args);
        return node;
    }

    /**
     * Reads a request from a decoded frame.
     *
     * @throws ProtocolException {@link ErrorCode#BAD_REQUEST} naming the first member that is missing
     *     or of the wrong type
     */
    public static Request fromJson(JsonNode node) throws ProtocolException {
        if (node == null || !node.isObject()) {
            throw bad("a request must be a JSON object");
        }
        JsonNode id = node.get("id");
        if (id == null || !id.canConvertToLong() || !id.isIntegralNumber()) {
            throw bad("request member 'id' must be an integer");
        }
        JsonNode command = node.get("command");
        if (command == null || !command.isTextual() || command.asText().isEmpty()) {
            throw bad("request member 'command' must be a non-empty string");
        }
        JsonNode clientId = node.get("client_id");
        if (clientId != null && !clientId.isNull() && !clientId.isTextual()) {
            throw bad("request member 'client_id' must be a string or null");
        }
        JsonNode args = node.get("args");
        if (args != null && !args.isNull() && !args.isObject()) {
            throw bad("request member 'args' must be an object");
        }
        return new Request(
                id.asLong(),
                command.asText(),
                clientId == null || clientId.isNull() ? null : clientId.asText(),
                args == null || args.isNull() ? null : (ObjectNode) args);
    }

    private static ProtocolException bad(String message) {
        return new ProtocolException(ErrorCode.BAD_REQUEST, message);
    }
}
