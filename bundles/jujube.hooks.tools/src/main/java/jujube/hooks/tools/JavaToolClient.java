package jujube.hooks.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import jujube.hooks.protocol.FrameCodec;
import jujube.hooks.protocol.FrameTooLargeException;
import jujube.hooks.protocol.HookSocketClient;
import jujube.hooks.protocol.ProtocolException;

/**
 * The hook tools' forwarder in pure Java: the same exchange as the native {@code jujube-hook-tool}, for
 * machines where that binary cannot run, and for tests. It is the slow path: a JVM start costs 60 to
 * 90 ms per tool call, against about 1 ms for the native binary.
 *
 * <p>Run as {@code java -cp ... jujube.hooks.tools.JavaToolClient "$0" "$@"}: the first argument names
 * the tool (its basename counts). The socket is {@code -s SOCKET}, else {@code $JUJU_AGENT_SOCKET}, else
 * {@code $JUJU_SOCKET}; without one the call exits 2 with the original's message.
 */
public final class JavaToolClient {
    /** The environment variables passed on to the agent, as the native forwarder does. */
    public static final List<String> FORWARDED_ENV = List.of("JUJU_REMOTE_UNIT", "JUJU_RELATION_ID", "JUJU_RELATION");
    /** Variables with this prefix are passed on too: relation-get --format=shell clears them. */
    public static final String FORWARDED_PREFIX = "VAR_";

    /** Whether the forwarders pass this environment variable on to the agent. */
    public static boolean forwards(String name) {
        return FORWARDED_ENV.contains(name) || name.startsWith(FORWARDED_PREFIX);
    }

    private final Map<String, String> env;
    private final Path cwd;
    private final InputStream stdin;
    private final PrintStream out;
    private final PrintStream err;
    private final ObjectMapper json = new ObjectMapper();

    public JavaToolClient(Map<String, String> env, Path cwd, InputStream stdin, PrintStream out, PrintStream err) {
        this.env = env;
        this.cwd = cwd;
        this.stdin = stdin;
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        int exit = new JavaToolClient(System.getenv(), Path.of("").toAbsolutePath(), System.in, System.out,
                System.err).run(List.of(args));
        System.out.flush();
        System.exit(exit);
    }

    /**
     * The socket as the original took it: {@code -s SOCKET} or {@code --socket[=]SOCKET} before any
     * {@code --}, else {@code $JUJU_AGENT_SOCKET}, else {@code $JUJU_SOCKET}; empty when none is set.
     */
    private String socket(List<String> argv) {
        String option = "";
        for (int i = 1; i < argv.size(); i++) {
            String arg = argv.get(i);
            if (arg.equals("--")) {
                break;
            } else if ((arg.equals("-s") || arg.equals("--socket")) && i + 1 < argv.size()) {
                option = argv.get(++i);
            } else if (arg.startsWith("--socket=")) {
                option = arg.substring("--socket=".length());
            }
        }
        if (!option.isEmpty()) {
            return option;
        }
        String agent = env.getOrDefault("JUJU_AGENT_SOCKET", "");
        return agent.isEmpty() ? env.getOrDefault("JUJU_SOCKET", "") : agent;
    }

    /**
     * Runs one tool call.
     *
     * @param argv the tool's name (or path) and its arguments
     * @return the exit code to end with
     */
    public int run(List<String> argv) {
        String tool = argv.isEmpty() ? "jujube-hook-tool" : argv.get(0).substring(argv.get(0).lastIndexOf('/') + 1);
        String socket = socket(argv);
        if (argv.isEmpty() || socket.isEmpty()) {
            err.println(tool + ": error: No JUJU_AGENT_SOCKET/-s option found"); // the original's words and exit
            return 2;
        }
        ObjectNode args = json.createObjectNode();
        args.putArray("argv").add(tool);
        argv.subList(1, argv.size()).forEach(args.withArray("argv")::add);
        args.put("cwd", cwd.toString());
        ObjectNode forwarded = args.putObject("env");
        env.keySet().stream().filter(JavaToolClient::forwards).sorted().forEach(name -> forwarded.put(name, env.get(name)));
        try (HookSocketClient client = HookSocketClient.connect(Path.of(socket), json)) {
            String clientId = env.get("JUJU_CLIENT_ID");
            JsonNode result = client.call(ToolCommandHandler.TOOL_COMMAND, clientId, args);
            if (result.path("need_stdin").asBoolean(false)) {
                byte[] input = stdin.readNBytes(FrameCodec.MAX_REQUEST_BYTES + 1);
                if (input.length > FrameCodec.MAX_REQUEST_BYTES) {
                    err.println(tool + ": error: stdin holds more than the " + FrameCodec.MAX_REQUEST_BYTES
                            + " bytes a tool call may send");
                    return 1;
                }
                args.put("stdin", new String(input, StandardCharsets.UTF_8));
                result = client.call(ToolCommandHandler.TOOL_COMMAND, clientId, args);
            }
            if (!result.path("exit").isInt()) {
                err.println(tool + ": error: the agent sent an answer without an exit code");
                return 1;
            }
            out.print(result.path("stdout").asText());
            err.print(result.path("stderr").asText());
            return result.path("exit").asInt() & 0xff;
        } catch (ProtocolException e) {
            err.println(tool + ": error: " + e.error().message() + " (" + e.code().wireName() + ")");
            return 1;
        } catch (FrameTooLargeException e) {
            err.println(tool + ": error: the call is " + e.announcedLength() + " bytes (arguments, environment and stdin),"
                    + " more than the " + FrameCodec.MAX_REQUEST_BYTES + " bytes the unit agent reads");
            return 1;
        } catch (IOException e) {
            err.println(tool + ": error: cannot talk to the unit agent: " + e.getMessage());
            return 1;
        }
    }
}
