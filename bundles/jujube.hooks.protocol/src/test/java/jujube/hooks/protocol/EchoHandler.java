package jujube.hooks.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** A test handler: {@code echo} returns its args and client id, {@code fail} throws its code. */
final class EchoHandler implements CommandHandler {
    @Override
    public JsonNode handle(String command, String clientId, ObjectNode args) throws ProtocolException {
        switch (command) {
            case "echo": {
                ObjectNode result = JsonNodeFactory.instance.objectNode();
                result.put("client_id", clientId);
                result.set("args", args);
                return result;
            }
            case "fail":
                throw new ProtocolException(ErrorCode.fromWireName(args.path("code").asText()).orElseThrow(),
                        args.path("message").asText());
            case "crash":
                throw new IllegalStateException("boom");
            default:
                throw new ProtocolException(ErrorCode.BAD_REQUEST, "unknown command: " + command);
        }
    }
}
