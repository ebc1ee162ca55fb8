package jujube.agent.unit.internal;

import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import jujube.hooks.HookExecutor;
import jujube.hooks.HookJob;
import jujube.hooks.HookResult;

/**
 * The turn an operator's job ({@code jujube exec}'s command, an action) takes on a unit's hook executor:
 * behind the hooks while the executor runs, ahead of its queue while it is stopped (as in an error
 * state, where Go juju runs them too), never beside a hook.
 */
final class ExecutorTurns {
    private ExecutorTurns() {
    }

    /**
     * Runs {@code job} in its turn and waits for its result.
     *
     * @throws InterruptedException when interrupted, or when the executor closed first
     * @throws Exception what the job threw
     */
    static HookResult await(HookExecutor executor, HookJob job) throws Exception {
        try {
            if (!executor.isRunning()) {
                try {
                    return executor.runPriority(job).toCompletableFuture().get();
                } catch (IllegalStateException started) {
                    // the executor started meanwhile: queue behind its hooks
                }
            }
            return executor.submit(job).toCompletableFuture().get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        } catch (CancellationException e) {
            throw new InterruptedException("hook executor closed");
        }
    }
}
