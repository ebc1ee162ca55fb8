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
 * invoker's configured default; {@link Duration#ZERO} means none).
 *
 * <p>Build one with {@link #of} and the {@code with…} methods; every instance is immutable.
 */
public record HookInvocation(String unitName, String serviceName, String charmName, Path charmDir,
        String hookName, Path socketPath, String clientId, Path toolsDir,
        Optional<RelationHookInfo> relation, Map<String, String> extraEnv, Optional<Duration> timeout) {

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
    }

    /** A non-relation hook with no extra environment and the invoker's default timeout. */
    public static HookInvocation of(String unitName, String serviceName, String charmName, Path charmDir,
            String hookName, Path socketPath, String clientId, Path toolsDir) {
        return new HookInvocation(unitName, serviceName, charmName, charmDir, hookName, socketPath, clientId,
                toolsDir, Optional.empty(), Map.of(), Optional.empty());
    }

    /** This invocation as a relation hook. */
    public HookInvocation withRelation(RelationHookInfo info) {
        return new HookInvocation(unitName, serviceName, charmName, charmDir, hookName, socketPath, clientId,
                toolsDir, Optional.of(info), extraEnv, timeout);
    }

    /** This invocation with the given extra environment (replacing any previous extra environment). */
    public HookInvocation withExtraEnv(Map<String, String> env) {
        return new HookInvocation(unitName, serviceName, charmName, charmDir, hookName, socketPath, clientId,
                toolsDir, relation, env, timeout);
    }

    /** This invocation with its own timeout; {@link Duration#ZERO} runs the hook without one. */
    public HookInvocation withTimeout(Duration hookTimeout) {
        return new HookInvocation(unitName, serviceName, charmName, charmDir, hookName, socketPath, clientId,
                toolsDir, relation, extraEnv, Optional.of(hookTimeout));
    }

    /** The hook file this invocation runs: {@code <charmDir>/hooks/<hookName>}. */
    public Path hookPath() {
        return charmDir.resolve("hooks").resolve(hookName);
    }
}
