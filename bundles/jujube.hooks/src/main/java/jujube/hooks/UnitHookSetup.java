package jujube.hooks;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.Objects;
import jujube.hooks.tools.JavaFallback;
import jujube.state.UnitHandle;
import jujube.model.UnitName;

/**
 * What a {@link UnitHookRunner} needs, as a unit agent component holds it: the unit's handle on the state
 * and the hook invoker (a service), the unit's directory (the socket {@code agent.socket} and the tools
 * directory {@code bin/} live there), the charm directory the hooks run in, the JSON mapper of the
 * socket, how to start the Java hook tools where the native forwarder cannot run, and the machine the
 * unit runs on ({@code JUJU_MACHINE_ID}; since 3.1, empty when unknown).
 */
public record UnitHookSetup(UnitHandle state, HookInvoker invoker, Path unitDir,
        Path charmDir, ObjectMapper mapper, JavaFallback toolsFallback, String machineId) {

    public UnitHookSetup {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(invoker, "invoker");
        Objects.requireNonNull(mapper, "mapper");
        Objects.requireNonNull(toolsFallback, "toolsFallback");
        unitDir = Objects.requireNonNull(unitDir, "unitDir").toAbsolutePath();
        charmDir = Objects.requireNonNull(charmDir, "charmDir").toAbsolutePath();
        Objects.requireNonNull(machineId, "machineId");
    }

    /** A setup on a machine it does not name. */
    public UnitHookSetup(UnitHandle state, HookInvoker invoker, Path unitDir, Path charmDir, ObjectMapper mapper,
            JavaFallback toolsFallback) {
        this(state, invoker, unitDir, charmDir, mapper, toolsFallback, "");
    }

    /**
     * This setup on machine {@code id}.
     *
     * @since 3.1
     */
    public UnitHookSetup onMachine(String id) {
        return new UnitHookSetup(state, invoker, unitDir, charmDir, mapper, toolsFallback, id);
    }

    /** The unit the hooks run for. */
    public UnitName unit() {
        return state.name();
    }

    /**
     * A setup whose Java tool fallback is this JVM and the jars on its class path; inside a framework
     * pass a {@link JavaFallback} naming real jar files instead (or rely on the native forwarder).
     */
    public static UnitHookSetup of(UnitHandle state, HookInvoker invoker, Path unitDir,
            Path charmDir, ObjectMapper mapper) {
        return new UnitHookSetup(state, invoker, unitDir, charmDir, mapper, JavaFallback.fromRuntime());
    }
}
