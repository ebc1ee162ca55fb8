package jujube.hooks;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything needed to run one hook of one unit: who runs it (unit, service, charm), where
 * ({@code charmDir}, whose {@code hooks/} holds the hook files), how the hook tools reach the agent
 * (socket path, the invocation's client id, the directory holding the tools, put first on
 * {@code PATH}), the relation when it is a relation hook, extra environment variables (they never
 * override the variables the invoker itself sets) and a timeout ({@link Optional#empty()} means the
 * invoker's configured default; {@link Duration#ZERO} means none), for a pseudo-hook that is no
 * file of the charm ({@code juju-run}), the program to run instead of the charm's (since 1.4), the
 * model the hook runs in (since 3.1), and whether it runs an action named {@code hookName}: the charm's
 * {@code actions/<name>}, or its dispatch with {@code JUJU_DISPATCH_PATH=actions/<name>} (since 3.2).
 *
 * <p>Build one with {@link #of} and the {@code with…} methods; every instance is immutable.
 */
public record HookInvocation(String unitName, String serviceName, String charmName, Path charmDir,
        String hookName, Path socketPath, String clientId, Path toolsDir,
        Optional<RelationHookInfo> relation, Map<String, String> extraEnv, Optional<Duration> timeout,
        Optional<Path> program, HookModel model, boolean action) {

    /** The executable at a charm's root that Go juju runs for every event, when the charm has one. */
    public static final String DISPATCH = "dispatch";

    public HookInvocation {
        Objects.requireNonNull(unitName, "unitName");
        Objects.requireNonNull(serviceName, "serviceName");
        Objects.requireNonNull(charmName, "charmName");
        Objects.requireNonNull(charmDir, "charmDir");
        Objects.requireNonNull(hookName, "hookName");
        Objects.requireNonNull(socketPath, "socketPath");
        Objects.requireNonNull(clientId, "clientId");
        Objects.requireNonNull(toolsDir, "toolsDir");
        Objects.requireNonNull(relation, "relation");
        Objects.requireNonNull(timeout, "timeout");
        // A hook name is a file name inside hooks/: never a path that could leave the charm.
        if (hookName.isEmpty() || hookName.contains("/") || hookName.equals(".") || hookName.equals("..")
                || hookName.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("invalid hook name: " + hookName);
        }
        timeout.ifPresent(t -> {
            if (t.isNegative()) {
                throw new IllegalArgumentException("negative timeout: " + t);
            }
        });
        extraEnv = Map.copyOf(extraEnv);
        Objects.requireNonNull(program, "program");
        Objects.requireNonNull(model, "model");
    }

    /** A hook's invocation, as before 3.2. */
    public HookInvocation(String unitName, String serviceName, String charmName, Path charmDir, String hookName,
            Path socketPath, String clientId, Path toolsDir, Optional<RelationHookInfo> relation,
            Map<String, String> extraEnv, Optional<Duration> timeout, Optional<Path> program, HookModel model) {
        this(unitName, serviceName, charmName, charmDir, hookName, socketPath, clientId, toolsDir, relation, extraEnv,
                timeout, program, model, false);
    }

    /** An invocation in no known model, as before 3.1. */
    public HookInvocation(String unitName, String serviceName, String charmName, Path charmDir, String hookName,
            Path socketPath, String clientId, Path toolsDir, Optional<RelationHookInfo> relation,
            Map<String, String> extraEnv, Optional<Duration> timeout, Optional<Path> program) {
        this(unitName, serviceName, charmName, charmDir, hookName, socketPath, clientId, toolsDir, relation, extraEnv,
                timeout, program, HookModel.UNKNOWN);
    }

    /** An invocation of the charm's own hook file, as before 1.4. */
    public HookInvocation(String unitName, String serviceName, String charmName, Path charmDir, String hookName,
            Path socketPath, String clientId, Path toolsDir, Optional<RelationHookInfo> relation,
            Map<String, String> extraEnv, Optional<Duration> timeout) {
        this(unitName, serviceName, charmName, charmDir, hookName, socketPath, clientId, toolsDir, relation, extraEnv,
                timeout, Optional.empty());
    }

    /** A non-relation hook with no extra environment and the invoker's default timeout. */
    public static HookInvocation of(String unitName, String serviceName, String charmName, Path charmDir,
            String hookName, Path socketPath, String clientId, Path toolsDir) {
        return new HookInvocation(unitName, serviceName, charmName, charmDir, hookName, socketPath, clientId,
                toolsDir, Optional.empty(), Map.of(), Optional.empty(), Optional.empty());
    }

    /** This invocation as a relation hook. */
    public HookInvocation withRelation(RelationHookInfo info) {
        return new HookInvocation(unitName, serviceName, charmName, charmDir, hookName, socketPath, clientId,
                toolsDir, Optional.of(info), extraEnv, timeout, program, model, action);
    }

    /** This invocation with the given extra environment (replacing any previous extra environment). */
    public HookInvocation withExtraEnv(Map<String, String> env) {
        return new HookInvocation(unitName, serviceName, charmName, charmDir, hookName, socketPath, clientId,
                toolsDir, relation, env, timeout, program, model, action);
    }

    /** This invocation with its own timeout; {@link Duration#ZERO} runs the hook without one. */
    public HookInvocation withTimeout(Duration hookTimeout) {
        return new HookInvocation(unitName, serviceName, charmName, charmDir, hookName, socketPath, clientId,
                toolsDir, relation, extraEnv, Optional.of(hookTimeout), program, model, action);
    }

    /**
     * This invocation running {@code executable} (absolute) instead of a hook file of the charm.
     *
     * @since 1.4
     */
    public HookInvocation withProgram(Path executable) {
        if (!executable.isAbsolute()) {
            throw new IllegalArgumentException("the program must be an absolute path, got " + executable);
        }
        return new HookInvocation(unitName, serviceName, charmName, charmDir, hookName, socketPath, clientId,
                toolsDir, relation, extraEnv, timeout, Optional.of(executable), model, action);
    }

    /**
     * This invocation in {@code where}.
     *
     * @since 3.1
     */
    public HookInvocation withModel(HookModel where) {
        return new HookInvocation(unitName, serviceName, charmName, charmDir, hookName, socketPath, clientId,
                toolsDir, relation, extraEnv, timeout, program, where, action);
    }

    /**
     * This invocation running the charm's action {@code hookName} instead of a hook.
     *
     * @since 3.2
     */
    public HookInvocation asAction() {
        return new HookInvocation(unitName, serviceName, charmName, charmDir, hookName, socketPath, clientId,
                toolsDir, relation, extraEnv, timeout, program, model, true);
    }

    /**
     * What this invocation runs: its program; else the charm's {@value #DISPATCH} when it has one, which
     * gets every event (its hook or action in {@code JUJU_DISPATCH_PATH}), as in Go juju; else the hook file
     * {@code <charmDir>/hooks/<hookName>}, or for an action {@code <charmDir>/actions/<hookName>}. Looks at
     * the charm's files: call it when the hook is about to run.
     */
    public Path hookPath() {
        if (program.isPresent()) {
            return program.get();
        }
        Path dispatch = charmDir.resolve(DISPATCH);
        return java.nio.file.Files.exists(dispatch) ? dispatch : charmDir.resolve(dispatchPath());
    }

    /**
     * The hook as Go juju names it to a dispatching charm ({@code JUJU_DISPATCH_PATH}):
     * {@code hooks/<hookName>}, or {@code actions/<hookName>} for an action.
     *
     * @since 3.1
     */
    public String dispatchPath() {
        return (action ? "actions/" : "hooks/") + hookName;
    }
}
