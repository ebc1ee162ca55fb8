package jujube.hooks.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import jujube.hooks.protocol.CommandHandler;
import jujube.hooks.protocol.ErrorCode;
import jujube.hooks.protocol.HookSocketServer;
import jujube.hooks.protocol.ProtocolException;
import jujube.hooks.protocol.ServerLimits;
import jujube.testkit.ShortTempDir;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The forwarder's own failure paths, and many tool calls at once from several shells. */
class NativeForwarderTest {
    private final ObjectMapper json = new ObjectMapper();
    @TempDir(factory = ShortTempDir.class)
    Path dir;
    private InstalledTools tools;

    @BeforeEach
    void install() throws Exception {
        tools = new HookToolsInstaller(JavaFallback.fromRuntime()).install(dir.resolve("bin"));
        assertEquals(InstalledTools.Mode.NATIVE, tools.mode());
    }

    @Test
    void the_tool_names_are_hard_links_to_one_owner_only_binary() throws Exception {
        assertEquals(HookToolNames.ALL.size(), tools.tools().size());
        Path binary = tools.binDir().resolve(HookToolsInstaller.BINARY);
        assertEquals("rwx------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(binary)));
        for (Path tool : tools.tools()) {
            assertFalse(Files.isSymbolicLink(tool), tool.toString());
            assertTrue(Files.isSameFile(binary, tool), tool.toString());
        }
        // Installing again replaces everything in place.
        assertEquals(InstalledTools.Mode.NATIVE, new HookToolsInstaller(JavaFallback.fromRuntime()).install(tools.binDir()).mode());
    }

    @Test
    void as_the_session_leader_it_runs_the_program_in_place_in_a_new_session() throws Exception {
        Path leader = tools.sessionLeader().orElseThrow();
        assertTrue(Files.isSameFile(tools.binDir().resolve(HookToolsInstaller.BINARY), leader));
        // The shell reports its own pid, process group and session: the leader exec'd it, so all three agree.
        Process process = new ProcessBuilder(leader.toString(), "/bin/sh", "-c",
                "read -r stat < /proc/$$/stat; echo \"$stat\"; exit 7").redirectErrorStream(true).start();
        String stat = new String(process.getInputStream().readAllBytes()).strip();
        assertEquals(7, process.waitFor(), stat);
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        String pid = Long.toString(process.pid());
        assertEquals(List.of(pid, pid, pid), List.of(stat.substring(0, stat.indexOf(' ')), fields[2], fields[3]));
    }

    @Test
    void as_the_session_leader_it_waits_out_a_program_that_is_still_open_for_writing() throws Exception {
        Path leader = tools.sessionLeader().orElseThrow();
        Path hook = dir.resolve("fresh-hook");
        Files.writeString(hook, "#!/bin/sh\nexit 3\n");
        Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwx------"));
        // a writer still holds the file (as a child forked by another thread may): exec fails "Text file busy"
        FileChannel writer = FileChannel.open(hook, StandardOpenOption.WRITE);
        CompletableFuture.delayedExecutor(150, TimeUnit.MILLISECONDS)
                .execute(() -> {
                    try {
                        writer.close();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
        Process process = new ProcessBuilder(leader.toString(), hook.toString()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes()).strip();
        assertEquals(3, process.waitFor(), output);
    }

    @Test
    void as_the_session_leader_it_names_what_it_cannot_run() throws Exception {
        Path leader = tools.sessionLeader().orElseThrow();
        Process missing = new ProcessBuilder(leader.toString(), dir.resolve("no-such-hook").toString())
                .redirectErrorStream(true).start();
        String output = new String(missing.getInputStream().readAllBytes()).strip();
        assertEquals(127, missing.waitFor());
        assertEquals("jujube-hook-leader: cannot run " + dir.resolve("no-such-hook") + ": No such file or directory",
                output);
        Process usage = new ProcessBuilder(leader.toString()).redirectErrorStream(true).start();
        assertEquals("jujube-hook-leader: error: usage: jujube-hook-leader [--cgroup PROCS]... PROGRAM [ARG...]",
                new String(usage.getInputStream().readAllBytes()).strip());
        assertEquals(1, usage.waitFor());
        Path procs = dir.resolve("no-such-cgroup/cgroup.procs");
        Process outside = new ProcessBuilder(leader.toString(), "--cgroup", procs.toString(), "/bin/true")
                .redirectErrorStream(true).start();
        assertEquals("jujube-hook-leader: cannot join the hook's cgroup " + procs + ": No such file or directory",
                new String(outside.getInputStream().readAllBytes()).strip());
        assertEquals(126, outside.waitFor(), "the hook does not run outside its cgroup");
    }

    @Test
    void reports_protocol_errors_and_unreadable_answers_with_exit_one() throws Exception {
        assertEquals(List.of("relation-get: error: the agent is confused (InternalError)"),
                run((c, id, a) -> {
                    throw new ProtocolException(ErrorCode.INTERNAL_ERROR, "the agent is confused");
                }));
        assertEquals(List.of("relation-get: error: the agent sent an answer without an exit code"),
                run((c, id, a) -> JsonNodeFactory.instance.objectNode().put("stdout", "x")));
        assertEquals(List.of("relation-get: error: the agent sent an answer without an exit code"),
                run((c, id, a) -> JsonNodeFactory.instance.textNode("{")));
        assertEquals(List.of("relation-get: error: cannot connect to the unit agent at " + dir.resolve("none")
                + ": No such file or directory"), runWithSocket(dir.resolve("none")));
    }

    @Test
    void without_a_socket_it_says_what_the_original_said_and_exits_two() throws Exception {
        assertEquals(new ToolCall.Result("", "relation-get: error: No JUJU_AGENT_SOCKET/-s option found\n", 2),
                tool(Map.of("JUJU_CLIENT_ID", "hook-1"), "relation-get", "host"));
        assertEquals(new ToolCall.Result("", "juju-log: error: No JUJU_AGENT_SOCKET/-s option found\n", 2),
                javaClient(Map.of("JUJU_AGENT_SOCKET", ""), "juju-log", "x"));
    }

    @Test
    void the_socket_option_is_used_before_the_environment() throws Exception {
        try (HookSocketServer server = HookSocketServer.start(dir.resolve("s"), new ToolCommandHandler(
                new FakeHookToolBackend(), json), json, ServerLimits.defaults())) {
            String socket = server.socketPath().toString();
            Map<String, String> env = Map.of("JUJU_CLIENT_ID", "hook-1", "JUJU_REMOTE_UNIT", "mysql/0");
            Map<String, String> wrongEnv = Map.of("JUJU_CLIENT_ID", "hook-1", "JUJU_REMOTE_UNIT", "mysql/0",
                    "JUJU_AGENT_SOCKET", dir.resolve("none").toString());
            ToolCall.Result host = new ToolCall.Result("10.0.0.1\n", "", 0);
            assertEquals(host, tool(env, "relation-get", "-s", socket, "host"));
            assertEquals(host, tool(wrongEnv, "relation-get", "host", "--socket=" + socket));
            assertEquals(host, javaClient(env, "relation-get", "--socket", socket, "host"));
            assertEquals(host, javaClient(wrongEnv, "relation-get", "-s", socket, "host"));
        }
    }

    @Test
    void a_call_larger_than_the_agent_reads_is_refused_with_its_reason_by_both_forwarders() throws Exception {
        try (HookSocketServer server = HookSocketServer.start(dir.resolve("s"), new ToolCommandHandler(
                new FakeHookToolBackend(), json), json, ServerLimits.defaults())) {
            Map<String, String> env = Map.of("JUJU_CLIENT_ID", "hook-1", "JUJU_AGENT_SOCKET", server.socketPath().toString());
            // stdin is read only up to the limit: /dev/zero never ends
            ToolCall.Result endless = new ToolCall.Result("",
                    "relation-set: error: stdin holds more than the 1048576 bytes a tool call may send\n", 1);
            assertEquals(endless, tool(env, Path.of("/dev/zero"), "relation-set", "-"));
            assertEquals(endless, javaClient(env, new java.io.InputStream() {
                @Override
                public int read() {
                    return 0;
                }
            }, "relation-set", "-"));
            // arguments each within the kernel's limit, together past the agent's
            String[] argv = new String[10];
            argv[0] = "relation-set";
            for (int i = 1; i < argv.length; i++) {
                argv[i] = "k" + i + "=" + "v".repeat(120_000);
            }
            for (ToolCall.Result large : List.of(tool(env, argv), javaClient(env, argv))) {
                assertEquals(1, large.exit());
                assertTrue(large.stderr().matches("relation-set: error: the call is 108\\d{4} bytes \\(arguments, environment"
                        + " and stdin\\), more than the 1048576 bytes the unit agent reads\n"), large.stderr());
            }
            assertEquals(new ToolCall.Result("10.0.0.1\n", "", 0), tool(Map.of("JUJU_CLIENT_ID", "hook-1",
                    "JUJU_REMOTE_UNIT", "mysql/0", "JUJU_AGENT_SOCKET", server.socketPath().toString()), "relation-get", "host"),
                    "the agent serves on");
        }
    }

    private ToolCall.Result tool(Map<String, String> env, String... argv) throws Exception {
        return tool(env, Path.of("/dev/null"), argv);
    }

    private ToolCall.Result tool(Map<String, String> env, Path stdin, String... argv) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(argv));
        command.set(0, tools.binDir().resolve(argv[0]).toString());
        ProcessBuilder builder = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(stdin.toFile()));
        builder.environment().clear();
        builder.environment().putAll(env);
        Process process = builder.start();
        CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> {
            try {
                return process.getErrorStream().readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new ToolCall.Result(out, new String(err.get(), StandardCharsets.UTF_8), process.waitFor());
    }

    private ToolCall.Result javaClient(Map<String, String> env, String... argv) throws Exception {
        return javaClient(env, new ByteArrayInputStream(new byte[0]), argv);
    }

    private ToolCall.Result javaClient(Map<String, String> env, java.io.InputStream stdin, String... argv) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = new JavaToolClient(env, dir, stdin, new PrintStream(out, true,
                StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)).run(List.of(argv));
        return new ToolCall.Result(out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), exit);
    }

    @Test
    void serves_tools_called_in_tight_loops_from_several_shells() throws Exception {
        FakeHookToolBackend backend = new FakeHookToolBackend();
        try (HookSocketServer server = HookSocketServer.start(dir.resolve("s"), new ToolCommandHandler(backend, json), json,
                ServerLimits.defaults())) {
            String loop = "for i in $(seq 100); do [ \"$(relation-get host)\" = 10.0.0.1 ] || exit 1; done";
            ProcessBuilder builder = new ProcessBuilder("sh", "-c",
                    "for s in 1 2 3 4 5 6; do (" + loop + ") & done; fail=0; for j in $(jobs -p); do wait $j || fail=1; done; exit $fail");
            builder.environment().putAll(Map.of("PATH", tools.binDir() + ":/usr/bin:/bin", "JUJU_AGENT_SOCKET",
                    server.socketPath().toString(), "JUJU_CLIENT_ID", "hook-1", "JUJU_REMOTE_UNIT", "mysql/0"));
            Process shell = builder.redirectErrorStream(true).start();
            String output = new String(shell.getInputStream().readAllBytes());
            assertEquals(0, shell.waitFor(), output);
        }
    }

    private List<String> run(CommandHandler handler) throws Exception {
        try (HookSocketServer server = HookSocketServer.start(dir.resolve("s"), handler, json, ServerLimits.defaults())) {
            return runWithSocket(server.socketPath());
        }
    }

    private List<String> runWithSocket(Path socket) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(tools.binDir().resolve("relation-get").toString(), "host");
        builder.environment().clear();
        builder.environment().put("JUJU_AGENT_SOCKET", socket.toString());
        Process process = builder.redirectErrorStream(true).start();
        List<String> lines = new String(process.getInputStream().readAllBytes()).lines().toList();
        assertEquals(1, process.waitFor(), lines.toString());
        return lines;
    }
}
