package jujube.workflow;

import org.osgi.annotation.versioning.ConsumerType;

/** The durable copy of one unit relation's hook queue; {@link #save} is atomic. */
@ConsumerType
public interface QueueStore {

    /**
     * The stored queue, or {@link QueueState#empty()} when nothing was stored yet.
     *
     * @throws CorruptStateFileException when the stored queue is unreadable or invalid
     */
    QueueState load();

    void save(QueueState state);
}
