package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import jujube.hooks.protocol.ErrorCode;
import jujube.hooks.protocol.ProtocolException;
import jujube.hooks.tools.HookToolBackend;
import jujube.hooks.tools.HookToolException;
import jujube.hooks.tools.LogLevel;
import jujube.hooks.tools.UnitAddress;
import jujube.state.Port;

/**
 * The typed commands: the backend operations with JSON arguments and results, for the Java client and
 * tests. Argument names are snake_case; absent optional arguments are null.
 */
public final class TypedCommands {
    private final HookToolBackend backend;
    private final ObjectMapper json;

    public TypedCommands(HookToolBackend backend, ObjectMapper json) {
        this.backend = backend;
        this.json = json;
    }

    public boolean knows(String command) {
        switch (command) {
            case "relation-get": case "relation-set": case "relation-list": case "relation-ids":
            case "config-get": case "unit-get": case "open-port": case "close-port": case "log":
                return true;
            default:
                return false;
        }
    }

    public JsonNode handle(String command, String clientId, ObjectNode args) throws ProtocolException {
        try {
            return dispatch(command, clientId, args);
        } catch (HookToolException e) {
            throw new ProtocolException(e.code(), e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new ProtocolException(ErrorCode.BAD_REQUEST, e.getMessage());
        }
    }

    private JsonNode dispatch(String command, String clientId, ObjectNode args)
            throws ProtocolException, HookToolException {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        switch (command) {
            case "relation-get": {
                Map<String, String> settings = backend.relationGet(clientId, text(args, "relation_id"), text(args, "unit"));
                String key = text(args, "key");
                return key == null ? json.valueToTree(new TreeMap<>(settings)) : nodes.textNode(settings.get(key));
            }
            case "relation-set":
                backend.relationSet(clientId, text(args, "relation_id"), settings(args));
                return nodes.objectNode();
            case "relation-list":
                return RelationListTool.array(backend.relationList(clientId, text(args, "relation_id")));
            case "relation-ids":
                return RelationListTool.array(backend.relationIds(clientId, text(args, "name")));
            case "config-get": {
                Map<String, Object> config = backend.configGet(clientId);
                String key = text(args, "key");
                return json.valueToTree(key == null ? new TreeMap<>(config) : config.get(key));
            }
            case "unit-get": {
                String name = required(args, "attribute");
                UnitAddress address = UnitAddress.fromToolName(name)
                        .orElseThrow(() -> bad("unknown unit attribute: " + name));
                return nodes.textNode(backend.unitGet(clientId, address));
            }
            case "open-port":
            case "close-port": {
                Port port = new Port(args.path("port").asInt(0), args.path("protocol").asText("tcp"));
                if (command.equals("open-port")) {
                    backend.openPort(clientId, port);
                } else {
                    backend.closePort(clientId, port);
                }
                return nodes.objectNode();
            }
            case "log": {
                String levelText = args.path("level").asText("INFO");
                LogLevel level = LogLevel.parse(levelText).orElseThrow(() -> bad("unknown log level: " + levelText));
                backend.log(clientId, level, required(args, "message"));
                return nodes.objectNode();
            }
            default:
                throw bad("unknown command: " + command);
        }
    }

    private static Map<String, String> settings(ObjectNode args) throws ProtocolException {
        JsonNode settings = args.get("settings");
        if (settings == null || !settings.isObject()) {
            throw bad("argument 'settings' must be an object of strings");
        }
        Map<String, String> changes = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = settings.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> field = it.next();
            if (!field.getValue().isTextual()) {
                throw bad("setting '" + field.getKey() + "' must be a string (empty deletes it)");
            }
            changes.put(field.getKey(), field.getValue().asText());
        }
        return changes;
    }

    private static String text(ObjectNode args, String name) throws ProtocolException {
        JsonNode value = args.get(name);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw bad("argument '" + name + "' must be a string");
        }
        return value.asText();
    }

    private static String required(ObjectNode args, String name) throws ProtocolException {
        String value = text(args, name);
        if (value == null) {
            throw bad("missing argument '" + name + "'");
        }
        return value;
    }

    private static ProtocolException bad(String message) {
        return new ProtocolException(ErrorCode.BAD_REQUEST, message);
    }
}
