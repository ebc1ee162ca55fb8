package jujube.state;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import jujube.model.UnitName;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The actions run on units, as Go juju names them: an operation (one {@code jujube run}) of one task per
 * unit. Tasks live on the controller, persistent: the administrator queues them with their parameters,
 * and each unit's agent reads its own tasks and writes only their progress and results (see
 * docs/access-policy.md). A task is numbered from the same sequence as the operations.
 *
 * <p>Bounds, checked where they are written: parameters {@value #MAX_PARAMS_BYTES} bytes of JSON, results
 * {@value #MAX_RESULTS_BYTES}, the log {@value #MAX_LOG_ENTRIES} messages of at most
 * {@value #MAX_LOG_MESSAGE_BYTES} bytes each (later messages are counted, not kept); at most
 * {@value #MAX_FINISHED_TASKS} finished tasks are kept, the oldest removed as new ones come.
 *
 * @since 7.3
 */
@ProviderType
public interface Tasks {
    int MAX_PARAMS_BYTES = 64 * 1024;
    int MAX_RESULTS_BYTES = 64 * 1024;
    int MAX_LOG_ENTRIES = 1000;
    int MAX_LOG_MESSAGE_BYTES = 1024;
    int MAX_FINISHED_TASKS = 1000;

    /**
     * Queues {@code action} on each unit, as one operation.
     *
     * @return the operation's number and its tasks' numbers, in the order of {@code units}
     * @throws jujube.model.NoSuchUnitException when a unit does not exist (nothing is queued)
     * @throws IllegalArgumentException when the parameters are too large or the timeout is not positive
     */
    Operation enqueue(String action, List<UnitName> units, Map<String, Object> params, Duration timeout);

    /** A task by number; empty when there is none (or it was pruned). */
    Optional<TaskInfo> task(String id);

    /**
     * Waits until the task is finished, or {@code timeout} passed.
     *
     * @return the task as last read; empty when it is gone
     */
    Optional<TaskInfo> await(String id, Duration timeout) throws InterruptedException;

    /** Every task kept, oldest first. */
    List<TaskInfo> list();

    /**
     * Cancels a pending task.
     *
     * @return the task as it is now: cancelled, or already running or finished (then unchanged)
     * @throws IllegalArgumentException when there is no such task
     */
    TaskInfo cancel(String id);

    // ---- a unit agent's side

    /** Watches the unit's tasks that are not finished (pending or running), by number, oldest first. */
    Watch watch(UnitName unit, StateWatcher<List<TaskInfo>> watcher);

    /**
     * Marks a pending task as running, now.
     *
     * @return false when it is not pending any more (cancelled meanwhile) or gone
     */
    boolean start(UnitName unit, String id);

    /** Adds a message to a running task's log (past the bound it is counted, not kept). */
    void log(UnitName unit, String id, String message);

    /**
     * Ends a task: its final status, the reason (empty for a success) and its results.
     *
     * @throws IllegalArgumentException when {@code status} is not final or the results are too large
     */
    void finish(UnitName unit, String id, TaskStatus status, String message, Map<String, Object> results);

    /** An operation's number and its tasks' numbers. */
    record Operation(String id, List<String> tasks) {
        public Operation {
            tasks = List.copyOf(tasks);
        }
    }
}
