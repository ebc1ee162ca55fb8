package jujube.hooks.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import jujube.hooks.HookInvocation;
import jujube.hooks.HookInvoker;
import jujube.hooks.HookOutput;
import jujube.hooks.HookResult;
import jujube.model.DebugHooks;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A unit's hook invoker while {@code jujube debug-hooks} may hold its hooks: a hook the debug flag names
 * does not run its file; the delegate runs a {@link DebugWindow}'s waiting script in its place, so the
 * hook's timeout, process group, output and result are the delegate's as for any hook. The hook's
 * client id stays live while the window's shell runs (the runner opened it around this call), so the hook
 * tools work there. As in the original, a hook the charm lacks is held too: the operator may write it.
 * Other hooks, and every hook while no debug session runs, go to the delegate unchanged.
 */
final class DebugHookInvoker implements HookInvoker {
    private static final Logger LOG = LoggerFactory.getLogger(DebugHookInvoker.class);
    private final HookInvoker delegate;
    private final HookDebugger debugger;
    private final Path unitDir;
    private final String agentPath;

    DebugHookInvoker(HookInvoker delegate, HookDebugger debugger, Path unitDir, String agentPath) {
        this.delegate = delegate;
        this.debugger = debugger;
        this.unitDir = unitDir;
        this.agentPath = agentPath == null || agentPath.isBlank() ? HookEnvironment.SYSTEM_PATH : agentPath;
    }

    @Override
    public HookResult invoke(HookInvocation invocation, HookOutput output) {
        Optional<DebugHooks> debug = debugger.current();
        if (debug.isEmpty() || !HookDebugger.matches(debug.get(), invocation.hookName())) {
            return delegate.invoke(invocation, output);
        }
        Optional<Path> tmux = DebugTmux.find(agentPath);
        if (tmux.isEmpty()) {
            LOG.error("unit={} hook={}: debug-hooks needs tmux, which is not installed on this machine",
                    invocation.unitName(), invocation.hookName());
            return new HookResult.Failed("debug-hooks: tmux is not installed on this machine");
        }
        DebugTmux session = DebugTmux.of(tmux.get(), unitDir, invocation.unitName());
        DebugWindow window;
        try {
            window = DebugWindow.prepare(session, invocation.unitName(), invocation.hookName(),
                    invocation.dispatchPath(), invocation.charmDir(),
                    HookEnvironment.of(invocation, agentPath), agentPath);
        } catch (IOException e) {
            return new HookResult.Failed("debug-hooks: could not prepare the hook's window: " + e.getMessage());
        }
        HookDebugger.Held held = new HookDebugger.Held(session, window);
        try {
            if (!debugger.hold(held)) {
                return delegate.invoke(invocation, output); // the debug session ended just now
            }
            LOG.info("unit={} hook={}: held in debug-hooks session {}", invocation.unitName(), invocation.hookName(),
                    session.session());
            HookInvocation inWindow = new HookInvocation(invocation.unitName(), invocation.serviceName(),
                    invocation.charmName(), window.charmDir(), invocation.hookName(), invocation.socketPath(),
                    invocation.clientId(), invocation.toolsDir(), invocation.relation(), invocation.extraEnv(),
                    invocation.timeout()).withModel(invocation.model());
            return delegate.invoke(invocation.action() ? inWindow.asAction() : inWindow, output);
        } finally {
            debugger.release(held);
            cleanUp(held);
        }
    }

    /** A window whose shell has not exited (timeout, agent stopping) is closed: no shell outlives its hook. */
    private static void cleanUp(HookDebugger.Held held) {
        boolean interrupted = Thread.interrupted(); // the agent stopping: close the window all the same
        try {
            if (held.window().status().isEmpty() && held.window().windowId().isPresent()) {
                held.tmux().killWindow(held.window().windowId().get());
            }
            held.window().delete();
        } catch (IOException e) {
            LOG.warn("could not clean up a debug window of {}: {}", held.tmux().session(), e.toString());
        } catch (InterruptedException e) {
            interrupted = true;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
