package jujube.hooks.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import jujube.hooks.protocol.ErrorCode;
import jujube.hooks.protocol.HookSocketClient;
import jujube.hooks.protocol.HookSocketServer;
import jujube.hooks.protocol.ProtocolException;
import jujube.hooks.protocol.ServerLimits;
import jujube.testkit.ShortTempDir;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The typed commands over a real socket, through the pure-Java client. */
class TypedCommandsTest {
    private final ObjectMapper json = new ObjectMapper();
    private final FakeHookToolBackend backend = new FakeHookToolBackend();
    @TempDir(factory = ShortTempDir.class)
    Path dir;
    private HookSocketServer server;
    private HookSocketClient client;

    @BeforeEach
    void start() throws Exception {
        server = HookSocketServer.start(dir.resolve("s"), new ToolCommandHandler(backend, json), json, ServerLimits.defaults());
        client = HookSocketClient.connect(server.socketPath(), json);
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
        server.close();
    }

    @Test
    void reads_and_writes_through_the_backend() throws Exception {
        assertEquals("10.0.0.1", client.call("relation-get", "hook-1", json.createObjectNode().put("key", "host")).asText());
        assertEquals("10.0.0.2", client.call("relation-get", "hook-1", json.createObjectNode().put("unit", "mysql/1")).get("host").asText());
        client.call("relation-set", "hook-1", json.createObjectNode().set("settings", json.createObjectNode().put("a", "1").put("blog", "")));
        assertEquals("{\"a\":\"1\"}", client.call("relation-get", "hook-1",
                json.createObjectNode().put("unit", "wordpress/0")).toString());
        assertEquals("[\"mysql/0\",\"mysql/1\"]", client.call("relation-list", "hook-1", null).toString());
        assertEquals("[\"cache:2\"]", client.call("relation-ids", "hook-1", json.createObjectNode().put("name", "cache")).toString());
        assertEquals(8080, client.call("config-get", "hook-1", json.createObjectNode().put("key", "port")).asInt());
        assertEquals("blog.example.com", client.call("unit-get", "hook-1", json.createObjectNode().put("attribute", "public-address")).asText());
        client.call("open-port", "hook-1", json.createObjectNode().put("port", 443));
        client.call("close-port", "hook-1", json.createObjectNode().put("port", 22).put("protocol", "tcp"));
        assertEquals("[443/tcp]", backend.ports.toString());
        client.call("log", null, json.createObjectNode().put("level", "error").put("message", "m"));
        assertEquals("[ERROR m]", backend.logs.toString());
    }

    @Test
    void answers_backend_failures_with_their_codes() {
        assertEquals(ErrorCode.NO_SUCH_CLIENT, code("relation-get", "gone", "{}"));
        assertEquals(ErrorCode.NOT_RELATION_CONTEXT, code("relation-list", "hook-2", "{}"));
        assertEquals(ErrorCode.NO_SUCH_RELATION, code("relation-list", "hook-1", "{\"relation_id\":\"x:1\"}"));
        assertEquals(ErrorCode.NO_SUCH_UNIT, code("relation-get", "hook-1", "{\"unit\":\"nobody/0\"}"));
    }

    @Test
    void answers_malformed_arguments_with_bad_request() throws Exception {
        assertEquals(ErrorCode.BAD_REQUEST, code("nonsense", "hook-1", "{}"));
        assertEquals(ErrorCode.BAD_REQUEST, code("relation-get", "hook-1", "{\"key\":5}"));
        assertEquals(ErrorCode.BAD_REQUEST, code("relation-set", "hook-1", "{}"));
        assertEquals(ErrorCode.BAD_REQUEST, code("relation-set", "hook-1", "{\"settings\":{\"a\":1}}"));
        assertEquals(ErrorCode.BAD_REQUEST, code("unit-get", "hook-1", "{}"));
        assertEquals(ErrorCode.BAD_REQUEST, code("open-port", "hook-1", "{\"port\":0}"));
        assertEquals(ErrorCode.BAD_REQUEST, code("log", "hook-1", "{\"level\":\"LOUD\",\"message\":\"m\"}"));
        assertEquals(ErrorCode.BAD_REQUEST, code("tool", "hook-1", "{\"argv\":[],\"cwd\":\"/\"}"));
        assertEquals(ErrorCode.BAD_REQUEST, code("tool", "hook-1", "{\"argv\":[\"relation-get\"],\"cwd\":\"rel\"}"));
        assertEquals(ErrorCode.BAD_REQUEST, code("tool", "hook-1", "{\"argv\":[\"relation-get\",1],\"cwd\":\"/\"}"));
        // The connection still serves after all those.
        assertTrue(client.call("relation-list", "hook-1", null).isArray());
    }

    private ErrorCode code(String command, String clientId, String args) {
        return assertThrows(ProtocolException.class,
                () -> client.call(command, clientId, (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(args))).code();
    }
}
