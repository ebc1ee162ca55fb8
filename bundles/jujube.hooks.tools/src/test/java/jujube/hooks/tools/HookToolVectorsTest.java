package jujube.hooks.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import jujube.hooks.protocol.HookSocketServer;
import jujube.hooks.protocol.ServerLimits;
import jujube.testkit.ShortTempDir;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs every case of {@code hook-tool-vectors.json} three ways: in-process through the handler, through
 * the Java client over a real unix socket, and through the real compiled forwarder as a process.
 */
class HookToolVectorsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final FakeHookToolBackend BACKEND = new FakeHookToolBackend();
    private static final ToolCommandHandler HANDLER = new ToolCommandHandler(BACKEND, JSON);
    @TempDir(factory = ShortTempDir.class)
    static Path dir;
    private static HookSocketServer server;
    private static InstalledTools tools;

    @BeforeAll
    static void start() throws Exception {
        server = HookSocketServer.start(dir.resolve("s"), HANDLER, JSON, ServerLimits.defaults());
        tools = new HookToolsInstaller(JavaFallback.fromRuntime()).install(dir.resolve("bin"));
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    @TestFactory
    Stream<DynamicTest> inProcess() throws Exception {
        return cases("in-process", ToolCalls.inProcess(HANDLER, JSON));
    }

    @TestFactory
    Stream<DynamicTest> javaClient() throws Exception {
        return cases("java client", ToolCalls.javaClient(server.socketPath()));
    }

    @TestFactory
    Stream<DynamicTest> nativeForwarder() throws Exception {
        assertEquals(InstalledTools.Mode.NATIVE, tools.mode(), "the build compiles the forwarder for this machine");
        return cases("native", ToolCalls.nativeProcess(tools.binDir(), server.socketPath()));
    }

    private static Stream<DynamicTest> cases(String how, ToolCall call) throws Exception {
        List<ToolVector> vectors = ToolVector.load(JSON);
        return vectors.stream().map(v -> DynamicTest.dynamicTest(how + ": " + v.name(), () -> check(call, v)));
    }

    private static void check(ToolCall call, ToolVector vector) throws Exception {
        BACKEND.reset();
        Path cwd = Files.createTempDirectory(dir, "cwd");
        for (Map.Entry<String, String> file : vector.files().entrySet()) {
            Files.writeString(cwd.resolve(file.getKey()), file.getValue());
        }
        ToolCall.Result result = call.run(vector.argv(), vector.env(), cwd, vector.stdin());
        assertEquals(vector.stdout(), result.stdout(), "stdout");
        if (vector.stderr() != null) {
            assertEquals(vector.stderr(), result.stderr(), "stderr");
        } else if (vector.stderrContains() != null) {
            assertTrue(result.stderr().contains(vector.stderrContains()), "stderr was: " + result.stderr());
        } else {
            assertEquals("", result.stderr(), "stderr");
        }
        assertEquals(vector.exit(), result.exit(), "exit; stderr: " + result.stderr());
        for (Map.Entry<String, String> file : vector.outputFiles().entrySet()) {
            assertEquals(file.getValue(), Files.readString(cwd.resolve(file.getKey())), file.getKey());
        }
        if (vector.then() != null) {
            ToolCall.Result then = call.run(vector.then().argv(), vector.then().env(), cwd, null);
            assertEquals(vector.then().stdout(), then.stdout(), "follow-up stdout; stderr: " + then.stderr());
        }
    }
}
