package jujube.workflow;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * The authoritative copy of one workflow's state (the unit's local disk). {@link #save} is atomic and
 * durable when it returns; {@link #load} validates what it reads.
 */
@ConsumerType
public interface WorkflowStore {

    /**
     * The stored state, or {@link WorkflowState#initial()} when nothing was stored yet.
     *
     * @throws CorruptStateFileException when the stored state is unreadable or invalid
     */
    WorkflowState load();

    void save(WorkflowState state);
}
