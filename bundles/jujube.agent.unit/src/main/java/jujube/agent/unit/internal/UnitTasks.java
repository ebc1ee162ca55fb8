package jujube.agent.unit.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import jujube.hooks.ActionCall;
import jujube.hooks.ActionOutcome;
import jujube.hooks.HookExecutor;
import jujube.hooks.HookJob;
import jujube.hooks.HookResult;
import jujube.hooks.UnitHookRunner;
import jujube.lib.threads.ThreadFactories;
import jujube.model.StateException;
import jujube.model.UnitName;
import jujube.state.Change;
import jujube.state.TaskInfo;
import jujube.state.TaskStatus;
import jujube.state.UnitHandle;
import jujube.state.Watch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the actions queued for this unit, oldest first, each through the unit's hook executor as
 * {@link UnitCommands} runs commands: never beside a hook, and also while the unit is in an error state (Go
 * juju runs actions then too). A task is marked running in the state only once its turn came, so one
 * cancelled meanwhile does not run; a task found running when the agent starts was being run when an
 * earlier agent died: it is marked aborted, never run again. One thread,
 * {@code jujube-unit-<svc>-<n>-tasks}, waits for the actions, one at a time.
 */
final class UnitTasks implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(UnitTasks.class);
    /** How much of each output stream of an action its results keep. */
    static final int MAX_OUTPUT_BYTES = 16 * 1024;
    private final UnitHandle state;
    private final UnitName unit;
    private final UnitHookRunner runner;
    private final HookExecutor executor;
    private final Set<String> seen = ConcurrentHashMap.newKeySet();
    private final ExecutorService worker;
    private Watch watch;

    UnitTasks(UnitHandle state, UnitName unit, UnitHookRunner runner, HookExecutor executor) {
        this.state = state;
        this.unit = unit;
        this.runner = runner;
        this.executor = executor;
        this.worker = Executors.newSingleThreadExecutor(ThreadFactories.daemon("jujube-unit-" + unit.service() + "-" + unit.number() + "-tasks"));
    }

    void start() {
        try {
            watch = state.watchTasks(this::changed);
        } catch (jujube.model.NoSuchUnitException removed) {
            LOG.debug("unit {}: removed, takes no tasks", unit);
        }
    }

    private void changed(Change<List<TaskInfo>> change) {
        for (TaskInfo task : change.current()) {
            if (seen.add(task.id())) {
                if (task.status() == TaskStatus.RUNNING) {
                    finish(task, TaskStatus.ABORTED, "the unit agent of " + unit + " stopped while it ran; it was not run again",
                            Map.of());
                } else {
                    worker.execute(() -> run(task));
                }
            }
        }
        seen.retainAll(change.current().stream().map(TaskInfo::id).toList());
    }

    private void run(TaskInfo task) {
        BoundedOutput output = new BoundedOutput(MAX_OUTPUT_BYTES);
        ActionOutcome[] outcome = {null};
        HookJob job = () -> {
            if (!state.startTask(task.id())) {
                return new HookResult.Succeeded(); // cancelled while it waited
            }
            LOG.info("unit {}: running action {} (task {})", unit, task.action(), task.id());
            outcome[0] = runner.runAction(new ActionCall(task.id(), task.action(), task.params(), message -> {
                try {
                    state.logTask(task.id(), message);
                } catch (StateException | IllegalArgumentException e) {
                    LOG.warn("unit {}: could not log for task {}: {}", unit, task.id(), e.getMessage());
                }
            }), task.timeout(), output);
            return outcome[0].result();
        };
        try {
            ExecutorTurns.await(executor, job);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return; // the agent stops: the task stays running, and is marked aborted at the next start
        } catch (Exception e) {
            LOG.warn("unit {}: task {} failed: {}", unit, task.id(), e.toString());
            finish(task, TaskStatus.FAILED, "could not run: " + e.getMessage(), Map.of());
            return;
        }
        if (outcome[0] != null) {
            finish(task, outcome[0], output);
        }
    }

    private void finish(TaskInfo task, ActionOutcome outcome, BoundedOutput output) {
        Map<String, Object> results = new LinkedHashMap<>(outcome.results());
        var code = RunResults.of(outcome.result(), output.stdout(), output.stderr());
        results.put("return-code", code.exitCode());
        if (!code.stdout().isEmpty()) {
            results.put("stdout", code.stdout());
        }
        if (!code.stderr().isEmpty()) {
            results.put("stderr", code.stderr());
        }
        if (outcome.succeeded()) {
            finish(task, TaskStatus.COMPLETED, "", results);
        } else if (outcome.failure().isPresent()) {
            finish(task, TaskStatus.FAILED, outcome.failure().get(), results);
        } else {
            String reason = outcome.result() instanceof HookResult.Failed f ? f.reason() : "failed";
            finish(task, TaskStatus.FAILED, reason.replaceFirst("^exit code ", "exit status "), results);
        }
    }

    private void finish(TaskInfo task, TaskStatus status, String message, Map<String, Object> results) {
        try {
            state.finishTask(task.id(), status, message, results);
            LOG.info("unit {}: task {} ({}) {}{}", unit, task.id(), task.action(), status.label(),
                    message.isEmpty() ? "" : ": " + message);
        } catch (IllegalArgumentException e) {
            if (results.isEmpty()) {
                LOG.warn("unit {}: could not end task {}: {}", unit, task.id(), e.getMessage());
            } else {
                // results past the bound (its outputs with what it set): the task ends without them, saying so
                finish(task, TaskStatus.FAILED, e.getMessage(), Map.of());
            }
        } catch (StateException e) {
            LOG.warn("unit {}: could not end task {}: {}", unit, task.id(), e.getMessage());
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
