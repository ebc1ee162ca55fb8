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
    /**
     * The Go juju release whose hook contract Jujube implements ({@code JUJU_VERSION}; README's "Charms of
     * today" names it). The ops library chooses by it what it may use of that contract: from 2.8 dispatch
     * and {@code JUJU_DISPATCH_PATH}, from 2.7 application data.
     */
    static final String JUJU_VERSION = "3.1.8";
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
        // Go juju 3's, beside the original's
        env.put("JUJU_VERSION", JUJU_VERSION);
        env.put("JUJU_CHARM_DIR", invocation.charmDir().toString());
        env.put("JUJU_MODEL_NAME", invocation.model().modelName());
        env.put("JUJU_MODEL_UUID", invocation.model().modelUuid());
        env.put("JUJU_MACHINE_ID", invocation.model().machineId());
        env.put("JUJU_PRINCIPAL_UNIT", invocation.model().principalUnit().orElse(""));
        if (invocation.program().isEmpty()) {
            if (!invocation.action()) {
                env.put("JUJU_HOOK_NAME", invocation.hookName());
            }
            env.put("JUJU_DISPATCH_PATH", invocation.dispatchPath());
        }
        invocation.relation().ifPresent(relation -> putRelation(env, relation));
        return env;
    }

    private static void putRelation(Map<String, String> env, RelationHookInfo relation) {
        env.put("JUJU_RELATION", relation.relationName());
        env.put("JUJU_RELATION_ID", relation.relationId());
        env.put("JUJU_REMOTE_UNIT", relation.remoteUnitOrEmpty());
        env.put("JUJU_MEMBERS", String.join(" ", relation.members()));
        env.put("JUJU_REMOTE_APP", relation.remoteApp());
        relation.departingUnit().ifPresent(unit -> env.put("JUJU_DEPARTING_UNIT", unit));
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
