package jujube.hooks.internal;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import jujube.hooks.tools.JavaToolClient;

/**
 * A hook tool run as a hook's child runs one, from outside any hook: through the Java forwarder to a
 * unit's socket, with only the socket and a client id in its environment.
 */
record HookToolCall(int exit, String stdout, String stderr) {

    static HookToolCall run(Path socket, String clientId, String... argv) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = new JavaToolClient(Map.of("JUJU_AGENT_SOCKET", socket.toString(), "JUJU_CLIENT_ID", clientId),
                Path.of("/"), InputStream.nullInputStream(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run(List.of(argv));
        return new HookToolCall(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
