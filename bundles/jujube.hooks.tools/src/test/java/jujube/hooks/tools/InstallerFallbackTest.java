package jujube.hooks.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import jujube.hooks.protocol.HookSocketServer;
import jujube.hooks.protocol.ServerLimits;
import jujube.testkit.ShortTempDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Without a runnable native forwarder the tools are scripts starting the Java client: slow but working. */
class InstallerFallbackTest {
    @TempDir(factory = ShortTempDir.class)
    Path dir;

    @Test
    void installs_java_scripts_that_work() throws Exception {
        ObjectMapper json = new ObjectMapper();
        try (HookSocketServer server = HookSocketServer.start(dir.resolve("s"),
                new ToolCommandHandler(new FakeHookToolBackend(), json), json, ServerLimits.defaults())) {
            // A native install first: the fallback must not leave its session leader behind.
            InstalledTools earlier = new HookToolsInstaller(JavaFallback.fromRuntime()).install(dir.resolve("bin"));
            assertTrue(Files.isExecutable(earlier.sessionLeader().orElseThrow()));
            InstalledTools tools = new HookToolsInstaller(JavaFallback.fromRuntime(), "native/none/jujube-hook-tool")
                    .install(dir.resolve("bin"));
            assertEquals(InstalledTools.Mode.JAVA, tools.mode());
            assertEquals(HookToolNames.ALL.size(), tools.tools().size());
            assertTrue(tools.sessionLeader().isEmpty());
            assertFalse(Files.exists(tools.binDir().resolve(HookToolsInstaller.SESSION_LEADER), LinkOption.NOFOLLOW_LINKS));
            assertTrue(Files.isExecutable(tools.binDir().resolve("relation-set")));
            // One JVM start is enough to prove the path; stdin goes through need_stdin as with the forwarder.
            ProcessBuilder builder = new ProcessBuilder(tools.binDir().resolve("relation-set").toString(), "-");
            builder.environment().put("JUJU_AGENT_SOCKET", server.socketPath().toString());
            builder.environment().put("JUJU_CLIENT_ID", "hook-2");
            Process process = builder.redirectErrorStream(true).start();
            process.getOutputStream().write("a: b\n".getBytes());
            process.getOutputStream().close();
            String output = new String(process.getInputStream().readAllBytes());
            assertEquals(1, process.waitFor(), output);
            assertEquals("relation-set: error: not in a relation hook: use -r to name a relation\n", output);
        }
    }
}
