package jujube.workflow;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import jujube.workflow.internal.CoalescingHookQueue;
import jujube.workflow.internal.FileHistoryLog;
import jujube.workflow.internal.FileQueueStore;
import jujube.workflow.internal.FileWorkflowStore;
import jujube.workflow.internal.PersistentWorkflow;

/**
 * Makes workflows, their files and hook queues. The unit agent's usual layout under the unit's
 * {@code state/} directory: {@code unit.json} and {@code unit.history} for the unit workflow,
 * {@code relation-<id>.json}, {@code relation-<id>.history} and {@code relation-<id>.queue.json} for
 * each unit relation. The {@code ObjectMapper} is the caller's (no static mapper here).
 */
public final class Workflows {
    /**
     * The largest workflow state file (see {@link #fileStore}) and hook queue file (see
     * {@link #fileQueueStore}) that is read; a larger one is corrupt ({@link CorruptStateFileException}),
     * found so before it is read.
     *
     * @since 1.4
     */
    public static final int MAX_STATE_FILE_BYTES = FileWorkflowStore.MAX_BYTES;

    /** @see #MAX_STATE_FILE_BYTES */
    public static final int MAX_QUEUE_FILE_BYTES = FileQueueStore.MAX_BYTES;

    private Workflows() {}

    /**
     * A workflow loaded from {@code store}.
     *
     * @param name how logs name it ({@code blog/1}, {@code blog/1 db:3})
     * @throws CorruptStateFileException when the stored state is invalid
     */
    public static Workflow open(String name, WorkflowDefinition definition, WorkflowStore store, HistoryLog history,
            StateReplica replica, TransitionActions actions) {
        return new PersistentWorkflow(name, definition, store, history, replica, actions);
    }

    /** A state file validated against {@code definition}; see the package documentation for its format. */
    public static WorkflowStore fileStore(Path file, WorkflowDefinition definition, ObjectMapper mapper) {
        return new FileWorkflowStore(file, definition, mapper);
    }

    /** A history of JSON lines. */
    public static HistoryLog fileHistory(Path file, ObjectMapper mapper, Clock clock) {
        return new FileHistoryLog(file, mapper, clock);
    }

    /**
     * The newest entry of a history file written by {@link #fileHistory} that can still be read: what was
     * stored last, as far as the history knows (an append cut short by a kill leaves it one step behind).
     * Only the file's end is read; damaged lines there are passed over. Empty when there is no such entry.
     *
     * @since 1.4
     */
    public static Optional<HistoryEntry> lastHistoryEntry(Path file, ObjectMapper mapper) {
        return new FileHistoryLog(file, mapper, Clock.systemUTC()).last();
    }

    /**
     * A hook queue file: a journal of checksummed lines, one per save (see the package documentation).
     * Saves append; a file of another version is refused as corrupt, naming the file and the version.
     *
     * @since 1.3
     */
    public static QueueStore fileQueueStore(Path file, ObjectMapper mapper) {
        return new FileQueueStore(file, mapper);
    }

    /**
     * A hook queue loaded from {@code store}.
     *
     * @throws CorruptStateFileException when the stored queue is invalid
     */
    public static HookQueue hookQueue(QueueStore store) {
        return new CoalescingHookQueue(store);
    }
}
