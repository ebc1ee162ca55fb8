package jujube.agent.unit.internal;

import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import jujube.hooks.HookExecutor;
import jujube.hooks.HookJob;
import jujube.hooks.HookResult;
import jujube.hooks.UnitHookRunner;
import jujube.workflow.ActionResult;

/**
 * Runs the unit's own hooks (install, start, config-changed, ...) through the unit's one hook executor, so
 * they never overlap a relation hook: queued behind relation hooks while the executor runs, ahead of
 * everything (priority) while it is stopped, as during a charm upgrade or in an error state.
 *
 * <p>An interrupt (the agent stopping) never counts as a hook failure: it propagates, the transition
 * stays in flight and the next start replays it, as after a crash.
 */
final class UnitHooks {
    private final UnitHookRunner runner;
    private final HookExecutor executor;

    UnitHooks(UnitHookRunner runner, HookExecutor executor) {
        this.runner = runner;
        this.executor = executor;
    }

    /** Runs {@code hookName}; a failure is {@link ActionResult.HookFailed} naming the hook. */
    ActionResult run(String hookName) throws Exception {
        HookJob job = () -> runner.run(hookName, Optional.empty());
        HookResult result = await(executor.isRunning() ? executor.submit(job) : executor.runPriority(job));
        if (result instanceof HookResult.Failed failed) {
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedException("stopped while hook " + hookName + " ran (" + failed.reason() + ")");
            }
            return ActionResult.hookFailed("hook " + hookName + " failed: " + failed.reason());
        }
        return ActionResult.success();
    }

    /** As {@link #run}, but always ahead of the queue: the executor must be stopped (charm upgrade). */
    ActionResult runPriority(String hookName) throws Exception {
        if (executor.isRunning()) {
            executor.stop();
        }
        return run(hookName);
    }

    /** Later hooks run with {@code charmId} (JUJU_CHARM, config schema): the unit was upgraded to it. */
    void charmChanged(String charmId) {
        runner.charmChanged(charmId);
    }

    HookExecutor executor() {
        return executor;
    }

    private static HookResult await(CompletionStage<HookResult> stage) throws Exception {
        try {
            return stage.toCompletableFuture().get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        } catch (CancellationException e) {
            // the executor was closed under us: only happens when the agent is going away
            throw new InterruptedException("hook executor closed");
        }
    }
}
