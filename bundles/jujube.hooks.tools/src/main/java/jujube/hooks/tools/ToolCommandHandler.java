package jujube.hooks.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import jujube.hooks.protocol.CommandHandler;
import jujube.hooks.protocol.ErrorCode;
import jujube.hooks.protocol.ProtocolException;
import jujube.hooks.tools.internal.ToolInvocation;
import jujube.hooks.tools.internal.ToolOutcome;
import jujube.hooks.tools.internal.ToolRunner;

/**
 * The hook socket's one command, served from a {@link HookToolBackend}; give it to a
 * {@link jujube.hooks.protocol.HookSocketServer}.
 *
 * <p>{@code tool}: args {@code {argv: [name, args...], cwd, env: {NAME: value}, stdin?}} where
 * {@code argv[0]}'s basename names the tool. Answers {@code {stdout, stderr, exit}}, or
 * {@code {need_stdin: true}} when the command line reads stdin and {@code stdin} was not sent: the
 * client then reads its stdin to the end and sends the same request again with {@code stdin} (a UTF-8
 * string) added. Tool failures are in {@code exit}, never protocol errors. Any other command, and
 * malformed arguments, are answered {@link ErrorCode#BAD_REQUEST}: the tools' command lines are the
 * only way in, so that what a hook can do and what the agent checks are one surface.
 */
public final class ToolCommandHandler implements CommandHandler {
    /** The command that runs a hook tool from its command line. */
    public static final String TOOL_COMMAND = "tool";

    private final ToolRunner runner;

    public ToolCommandHandler(HookToolBackend backend, ObjectMapper json) {
        this.runner = new ToolRunner(backend, json);
    }

    @Override
    public JsonNode handle(String command, String clientId, ObjectNode args) throws ProtocolException {
        if (!command.equals(TOOL_COMMAND)) {
            throw bad("unknown command: " + command);
        }
        ToolOutcome outcome = runner.run(invocation(clientId, args));
        ObjectNode result = args.objectNode();
        if (outcome instanceof ToolOutcome.Completed) {
            ToolOutcome.Completed done = (ToolOutcome.Completed) outcome;
            result.put("stdout", done.stdout()).put("stderr", done.stderr()).put("exit", done.exit());
        } else {
            result.put("need_stdin", true);
        }
        return result;
    }

    private static ToolInvocation invocation(String clientId, ObjectNode args) throws ProtocolException {
        JsonNode argv = args.get("argv");
        if (argv == null || !argv.isArray() || argv.isEmpty()) {
            throw bad("argument 'argv' must be a non-empty array of strings");
        }
        List<String> words = new ArrayList<>();
        for (JsonNode word : argv) {
            if (!word.isTextual()) {
                throw bad("argument 'argv' must be a non-empty array of strings");
            }
            words.add(word.asText());
        }
        JsonNode cwd = args.get("cwd");
        if (cwd == null || !cwd.isTextual() || !cwd.asText().startsWith("/")) {
            throw bad("argument 'cwd' must be an absolute path");
        }
        Map<String, String> env = new HashMap<>();
        JsonNode envNode = args.path("env");
        for (Iterator<Map.Entry<String, JsonNode>> it = envNode.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> var = it.next();
            env.put(var.getKey(), var.getValue().asText());
        }
        JsonNode stdin = args.get("stdin");
        if (stdin != null && !stdin.isNull() && !stdin.isTextual()) {
            throw bad("argument 'stdin' must be a string");
        }
        String first = words.get(0);
        String name = first.substring(first.lastIndexOf('/') + 1);
        Path dir;
        try {
            dir = Path.of(cwd.asText());
        } catch (InvalidPathException e) {
            throw bad("argument 'cwd' is not a valid path");
        }
        return new ToolInvocation(name, words.subList(1, words.size()), dir, env,
                stdin == null || stdin.isNull() ? null : stdin.asText().getBytes(StandardCharsets.UTF_8), clientId);
    }

    private static ProtocolException bad(String message) {
        return new ProtocolException(ErrorCode.BAD_REQUEST, message);
    }
}
