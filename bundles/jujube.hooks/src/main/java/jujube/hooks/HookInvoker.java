package jujube.hooks;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Runs one hook process to its end. The hook file {@code <charm>/hooks/<name>} runs with the charm
 * directory as its working directory, stdin from {@code /dev/null} and a replaced environment:
 * {@code CHARM_DIR}, {@code JUJU_UNIT_NAME}, {@code JUJU_LOCAL_UNIT}, {@code JUJU_SERVICE},
 * {@code JUJU_CHARM}, {@code JUJU_AGENT_SOCKET}, {@code JUJU_SOCKET}, {@code JUJU_CLIENT_ID},
 * {@code PATH} (the tools' directory, then the agent's own {@code PATH}, as in the original),
 * {@code DEBIAN_FRONTEND=noninteractive}, {@code APT_LISTCHANGES_FRONTEND=none}, {@code LANG=C.UTF-8},
 * {@code HOME} (the unit directory, parent of the charm directory), the invocation's extra variables,
 * and for relation hooks {@code JUJU_RELATION}, {@code JUJU_RELATION_ID}, {@code JUJU_REMOTE_UNIT},
 * {@code JUJU_MEMBERS}. Nothing else of the agent's own environment is inherited.
 *
 * <p>A missing hook is {@link HookResult.Missing}; every other outcome, including a timeout (which
 * kills the hook's whole process group), is a {@link HookResult} rather than an exception. The call
 * returns soon after the hook's own process ends even when children it left running still hold its
 * output open. Implementations are safe for concurrent invocations (of different units).
 */
@ProviderType
public interface HookInvoker {

    /** Runs the hook, passing its output lines to {@code output} as they arrive. */
    HookResult invoke(HookInvocation invocation, HookOutput output);

    /** Runs the hook, logging its output through {@link HookOutput#logging}. */
    default HookResult invoke(HookInvocation invocation) {
        return invoke(invocation, HookOutput.logging(invocation.unitName(), invocation.hookName()));
    }
}
