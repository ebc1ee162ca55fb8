package jujube.hooks.tools.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import jujube.hooks.protocol.HookSocketServer;
import jujube.hooks.protocol.ServerLimits;
import jujube.hooks.tools.FakeHookToolBackend;
import jujube.hooks.tools.ToolCommandHandler;

/**
 * The benchmark's agent: a hook socket at the given path served from the fake backend, until stdin
 * closes. Used by bench/hooktools/run.sh.
 */
public final class BenchServer {
    private BenchServer() {
    }

    public static void main(String[] args) throws Exception {
        ObjectMapper json = new ObjectMapper();
        try (HookSocketServer server = HookSocketServer.start(Path.of(args[0]),
                new ToolCommandHandler(new FakeHookToolBackend(), json), json, ServerLimits.defaults())) {
            System.out.println("ready " + server.socketPath());
            System.out.flush();
            System.in.readAllBytes();
        }
    }
}
