package jujube.hooks.internal;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import jujube.hooks.HookInvocation;
import jujube.hooks.RelationHookInfo;

/**
 * The complete environment of a hook process, built from its invocation and the agent's {@code PATH}
 * alone: nothing else of the agent's environment leaks in, so a hook behaves the same whatever started
 * the agent. As in the original, {@code PATH} is the agent's own (after the tools' directory), so a
 * hook finds what the agent's user would, and apt runs without questions or pagers.
 */
final class HookEnvironment {
    /** After the tools when the agent has no {@code PATH}: the usual system directories. */
    static final String SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

    private HookEnvironment() {
    }

    /**
     * @param agentPath the agent's own {@code PATH}; null or empty means {@link #SYSTEM_PATH}
     */
    static Map<String, String> of(HookInvocation invocation, String agentPath) {
        Map<String, String> env = new LinkedHashMap<>();
        // Defaults a charm may override through the extra environment.
        env.put("LANG", "C.UTF-8");
        env.put("HOME", home(invocation.charmDir()));
        env.putAll(invocation.extraEnv());
        // What the agent promises hooks, as the original's invoker did; extra variables never override these.
        env.put("DEBIAN_FRONTEND", "noninteractive");
        env.put("APT_LISTCHANGES_FRONTEND", "none");
        env.put("PATH", invocation.toolsDir() + ":" + (agentPath == null || agentPath.isBlank() ? SYSTEM_PATH : agentPath));
        env.put("CHARM_DIR", invocation.charmDir().toString());
        env.put("JUJU_UNIT_NAME", invocation.unitName());
        env.put("JUJU_LOCAL_UNIT", invocation.unitName());
        env.put("JUJU_SERVICE", invocation.serviceName());
        env.put("JUJU_CHARM", invocation.charmName());
        env.put("JUJU_AGENT_SOCKET", invocation.socketPath().toString());
        env.put("JUJU_SOCKET", invocation.socketPath().toString());
        env.put("JUJU_CLIENT_ID", invocation.clientId());
        invocation.relation().ifPresent(relation -> putRelation(env, relation));
        return env;
    }

    private static void putRelation(Map<String, String> env, RelationHookInfo relation) {
        env.put("JUJU_RELATION", relation.relationName());
        env.put("JUJU_RELATION_ID", relation.relationId());
        env.put("JUJU_REMOTE_UNIT", relation.remoteUnitOrEmpty());
        env.put("JUJU_MEMBERS", String.join(" ", relation.members()));
    }

    /**
     * HOME is the unit directory (the charm directory's parent): hooks that write dot-files keep
     * them with the unit instead of in the agent user's home.
     */
    private static String home(Path charmDir) {
        Path parent = charmDir.toAbsolutePath().getParent();
        return (parent == null ? charmDir.toAbsolutePath() : parent).toString();
    }
}
