package jujube.workflow;

import java.util.List;
import org.osgi.annotation.versioning.ConsumerType;

/** An append-only record of every stored step of one workflow, for operators and tests. */
@ConsumerType
public interface HistoryLog {

    /** Appends a step, stamped with the current time; durable when it returns. */
    void append(HistoryEntry.Step step, String transition, WorkflowState stored);

    /**
     * Every entry, oldest first.
     *
     * @throws CorruptStateFileException when a line cannot be read
     */
    List<HistoryEntry> entries();
}
