package jujube.state;

import jujube.model.LogRecord;

import org.osgi.annotation.versioning.ProviderType;

/**
 * How agents write to the {@link DebugLog}: asynchronously, and only while the log is enabled.
 *
 * <p>{@link #publish} never blocks and never throws, so logging can never slow or fail a hook: while
 * nobody listens it returns at once; otherwise the record joins a bounded queue that one writer thread
 * drains to ZooKeeper in batches. When the queue is full (ZooKeeper slow or away) the record is dropped
 * and counted, and once the writer catches up it appends, for each agent that lost records, a
 * {@code WARNING} saying how many.
 *
 * @since 2.0
 */
@ProviderType
public interface DebugLogPublisher {
    /** Queues a record for the log if the log is enabled; drops it, counted, if the queue is full. */
    void publish(LogRecord record);

    /** Whether the log is enabled as this publisher last saw it (a watch, not a read). */
    boolean isEnabled();

    /** Records dropped so far because the queue was full or ZooKeeper refused them. */
    long dropped();
}
