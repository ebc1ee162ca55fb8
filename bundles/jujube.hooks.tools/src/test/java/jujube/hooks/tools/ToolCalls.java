package jujube.hooks.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The three ways the tests run a hook tool. */
final class ToolCalls {
    private ToolCalls() {
    }

    /** Straight into the handler, doing the forwarder's part (need_stdin, then resend) by hand. */
    static ToolCall inProcess(ToolCommandHandler handler, ObjectMapper json) {
        return (argv, env, cwd, stdin) -> {
            ObjectNode args = json.createObjectNode();
            argv.forEach(args.putArray("argv")::add);
            args.put("cwd", cwd.toString());
            ObjectNode forwarded = args.putObject("env");
            env.keySet().stream().filter(JavaToolClient::forwards).forEach(n -> forwarded.put(n, env.get(n)));
            JsonNode result = handler.handle(ToolCommandHandler.TOOL_COMMAND, env.get("JUJU_CLIENT_ID"), args);
            if (result.path("need_stdin").asBoolean()) {
                args.put("stdin", stdin == null ? "" : stdin);
                result = handler.handle(ToolCommandHandler.TOOL_COMMAND, env.get("JUJU_CLIENT_ID"), args);
            }
            return new ToolCall.Result(result.get("stdout").asText(), result.get("stderr").asText(), result.get("exit").asInt());
        };
    }

    /** The pure-Java client over the real socket. */
    static ToolCall javaClient(Path socket) {
        return (argv, env, cwd, stdin) -> {
            Map<String, String> fullEnv = new HashMap<>(env);
            fullEnv.put("JUJU_AGENT_SOCKET", socket.toString());
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            byte[] in = stdin == null ? new byte[0] : stdin.getBytes(StandardCharsets.UTF_8);
            int exit = new JavaToolClient(fullEnv, cwd, new ByteArrayInputStream(in),
                    new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8))
                    .run(argv);
            return new ToolCall.Result(out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), exit);
        };
    }

    /** The installed native forwarder as a real process, with only the given environment. */
    static ToolCall nativeProcess(Path binDir, Path socket) {
        return (argv, env, cwd, stdin) -> {
            Path stdinFile = Files.createTempFile(cwd, "stdin", ".txt");
            Files.writeString(stdinFile, stdin == null ? "" : stdin);
            Path outFile = cwd.resolve(".stdout");
            Path errFile = cwd.resolve(".stderr");
            List<String> command = new java.util.ArrayList<>(argv);
            command.set(0, binDir.resolve(argv.get(0)).toString());
            ProcessBuilder builder = new ProcessBuilder(command).directory(cwd.toFile())
                    .redirectInput(stdinFile.toFile()).redirectOutput(outFile.toFile()).redirectError(errFile.toFile());
            builder.environment().clear();
            builder.environment().putAll(env);
            builder.environment().put("JUJU_AGENT_SOCKET", socket.toString());
            Process process = builder.start();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("the forwarder did not finish: " + argv);
            }
            ToolCall.Result result = new ToolCall.Result(Files.readString(outFile), Files.readString(errFile), process.exitValue());
            Files.delete(stdinFile);
            Files.delete(outFile);
            Files.delete(errFile);
            return result;
        };
    }
}
