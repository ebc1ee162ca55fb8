package jujube.workflow;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * The durable copy of one unit relation's hook queue; {@link #save} is atomic: after a crash, {@link #load}
 * returns the state of the last save that returned, or of the one the crash interrupted, never a mix.
 */
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
