package jujube.state;

import jujube.model.LogRecord;

import org.osgi.annotation.versioning.ProviderType;

/**
 * How agents write to the {@link DebugLog}: always (whether or not a {@code debug-log} runs), and
 * asynchronously.
 *
 * <p>{@link #publish} never blocks and never throws, so logging can never slow or fail a hook: the record
 * joins a bounded queue that one writer thread drains to ZooKeeper in batches. When the queue is full (ZooKeeper slow or away) the record is dropped
 * and counted, and once the writer catches up it appends, for each agent that lost records, a
 * {@code WARNING} saying how many.
 *
 * @since 2.0
 */
@ProviderType
public interface DebugLogPublisher {
    /** Queues a record for the log; drops it, counted, if the queue is full. */
    void publish(LogRecord record);

    /** Records dropped so far because the queue was full or ZooKeeper refused them. */
    long dropped();
}
