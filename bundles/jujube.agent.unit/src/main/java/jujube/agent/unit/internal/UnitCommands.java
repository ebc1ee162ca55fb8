package jujube.agent.unit.internal;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import jujube.hooks.HookExecutor;
import jujube.hooks.HookJob;
import jujube.hooks.HookResult;
import jujube.hooks.UnitHookRunner;
import jujube.lib.threads.ThreadFactories;
import jujube.state.Change;
import jujube.state.RunRequest;
import jujube.state.RunResult;
import jujube.state.UnitHandle;
import jujube.model.StateException;
import jujube.model.UnitName;
import jujube.state.UnitRuns;
import jujube.state.Watch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the commands of {@code jujube exec} left for this unit: each through the unit's hook executor (queued
 * behind the hooks while it runs, ahead of its queue while it is stopped, as in an error state), so a command
 * never runs beside a hook. The request is claimed only once its turn came: one its requester gave up on
 * meanwhile is skipped. A request found claimed at the start was being run when an earlier agent died: it
 * is answered as such, never run again. One thread, {@code jujube-unit-<svc>-<n>-run}, waits for the
 * commands, one at a time.
 */
final class UnitCommands implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(UnitCommands.class);
    private final UnitHandle state;
    private final UnitName unit;
    private final UnitHookRunner runner;
    private final HookExecutor executor;
    private final Set<String> seen = ConcurrentHashMap.newKeySet();
    private final ExecutorService worker;
    private final StatusHistory history;
    private Watch watch;

    UnitCommands(UnitHandle state, UnitName unit, UnitHookRunner runner, HookExecutor executor, StatusHistory history) {
        this.history = history;
        this.state = state;
        this.unit = unit;
        this.runner = runner;
        this.executor = executor;
        this.worker = Executors.newSingleThreadExecutor(ThreadFactories.daemon("jujube-unit-" + unit.service() + "-" + unit.number() + "-run"));
    }

    void start() {
        try {
            watch = state.watchRuns(this::changed);
        } catch (jujube.model.NoSuchUnitException removed) {
            // removed while its agent was down: it only retires, and takes no requests
            LOG.debug("unit {}: removed, takes no run requests", unit);
        }
    }

    private void changed(Change<Map<String, RunRequest>> change) {
        change.current().values().forEach(request -> {
            if (seen.add(request.id())) {
                if (request.claimed()) {
                    answer(request, new RunResult(1, "", "", "the unit agent of " + unit
                            + " stopped while the command ran; it was not run again"));
                } else {
                    worker.execute(() -> run(request));
                }
            }
        });
        seen.retainAll(change.current().keySet());
    }

    private void run(RunRequest request) {
        BoundedOutput output = new BoundedOutput(UnitRuns.MAX_OUTPUT_BYTES);
        boolean[] claimed = {false};
        HookJob job = () -> {
            claimed[0] = state.claimRun(request.id());
            if (!claimed[0]) {
                return new HookResult.Succeeded(); // its requester gave up while it waited
            }
            LOG.info("unit {}: running command of request {}", unit, request.id());
            return runner.runCommand(request.command(), request.timeout(), output);
        };
        HookResult result;
        try {
            result = ExecutorTurns.await(executor, job);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return; // the agent stops: the request stays claimed, and is answered as such at the next start
        } catch (Exception e) {
            LOG.warn("unit {}: command of request {} failed: {}", unit, request.id(), e.toString());
            result = new HookResult.Failed("could not run: " + e.getMessage());
            claimed[0] = true;
        }
        if (claimed[0]) {
            RunResult answer = RunResults.of(result, output.stdout(), output.stderr());
            // the command's text stays out of the history: it may hold what the operator typed as a secret
            history.record("exec", "", "a command ran (request " + request.id() + "): exit code " + answer.exitCode()
                    + (answer.error().isEmpty() ? "" : ", " + answer.error()));
            answer(request, answer);
        }
    }

    private void answer(RunRequest request, RunResult result) {
        try {
            if (!state.answerRun(request.id(), result)) {
                LOG.info("unit {}: request {} was withdrawn before its answer", unit, request.id());
            }
        } catch (StateException e) {
            LOG.warn("unit {}: could not answer request {}: {}", unit, request.id(), e.getMessage());
        }
    }

    @Override
    public void close() throws InterruptedException {
        if (watch != null) {
            watch.close();
        }
        worker.shutdownNow();
        worker.awaitTermination(60, TimeUnit.SECONDS);
    }
}
