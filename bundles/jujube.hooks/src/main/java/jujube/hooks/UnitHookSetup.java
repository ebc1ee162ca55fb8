package jujube.hooks;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.Objects;
import jujube.hooks.tools.JavaFallback;
import jujube.state.StateConnection;
import jujube.model.UnitName;

/**
 * What a {@link UnitHookRunner} needs, as a unit agent component holds it: the state connection and the
 * hook invoker (both services), the unit, its directory (the socket {@code agent.socket} and the tools
 * directory {@code bin/} live there), the charm directory the hooks run in, the JSON mapper of the
 * socket, and how to start the Java hook tools where the native forwarder cannot run.
 */
public record UnitHookSetup(StateConnection state, HookInvoker invoker, UnitName unit, Path unitDir,
        Path charmDir, ObjectMapper mapper, JavaFallback toolsFallback) {

    public UnitHookSetup {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(invoker, "invoker");
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(mapper, "mapper");
        Objects.requireNonNull(toolsFallback, "toolsFallback");
        unitDir = Objects.requireNonNull(unitDir, "unitDir").toAbsolutePath();
        charmDir = Objects.requireNonNull(charmDir, "charmDir").toAbsolutePath();
    }

    /**
     * A setup whose Java tool fallback is this JVM and the jars on its class path; inside a framework
     * pass a {@link JavaFallback} naming real jar files instead (or rely on the native forwarder).
     */
    public static UnitHookSetup of(StateConnection state, HookInvoker invoker, UnitName unit, Path unitDir,
            Path charmDir, ObjectMapper mapper) {
        return new UnitHookSetup(state, invoker, unit, unitDir, charmDir, mapper, JavaFallback.fromRuntime());
    }
}
