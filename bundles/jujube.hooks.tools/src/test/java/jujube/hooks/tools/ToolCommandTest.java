package jujube.hooks.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The hook socket serves one command, {@code tool}, over a real socket: anything else, and a tool call
 * whose arguments are malformed, is a bad request that leaves the connection serving. What the tools
 * answer is {@code hook-tool-vectors.json}'s ({@link HookToolVectorsTest}).
 */
class ToolCommandTest {
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

    @ParameterizedTest
    @ValueSource(strings = {"relation-get", "relation-set", "config-get", "open-port", "log", "nonsense"})
    void only_the_tool_command_is_served(String command) throws Exception {
        assertEquals(ErrorCode.BAD_REQUEST, code(command, "{\"key\":\"host\"}"));
        assertEquals("10.0.0.1\n", tool("relation-get", "host").get("stdout").asText(), "the connection still serves");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"argv\":[],\"cwd\":\"/\"}", "{\"argv\":[\"relation-get\"],\"cwd\":\"rel\"}",
            "{\"argv\":[\"relation-get\",1],\"cwd\":\"/\"}", "{\"argv\":[\"relation-set\",\"-\"],\"cwd\":\"/\",\"stdin\":5}"})
    void malformed_tool_arguments_are_bad_requests(String args) throws Exception {
        assertEquals(ErrorCode.BAD_REQUEST, code(ToolCommandHandler.TOOL_COMMAND, args));
        assertEquals("10.0.0.1\n", tool("relation-get", "host").get("stdout").asText(), "the connection still serves");
    }

    @Test
    void a_tool_writes_through_the_backend_and_answers_its_exit() throws Exception {
        JsonNode set = tool("relation-set", "a=1", "blog=");
        JsonNode mine = tool("relation-get", "-", FakeHookToolBackend.LOCAL_UNIT, "--format=json");
        JsonNode refused = tool("open-port", "0");

        assertEquals(0, set.get("exit").asInt(), set::toString);
        assertEquals("{\"a\":\"1\"}\n", mine.get("stdout").asText());
        assertEquals(2, refused.get("exit").asInt(), "a usage error is the tool's, not the protocol's");
    }

    private JsonNode tool(String... argv) throws Exception {
        ObjectNode args = json.createObjectNode().put("cwd", dir.toString());
        for (String word : argv) {
            args.withArray("argv").add(word);
        }
        return client.call(ToolCommandHandler.TOOL_COMMAND, "hook-1", args);
    }

    private ErrorCode code(String command, String args) {
        return assertThrows(ProtocolException.class,
                () -> client.call(command, "hook-1", (ObjectNode) json.readTree(args))).code();
    }
}
