package jujube.state;

import jujube.model.LogRecord;
import jujube.model.LoggedRecord;

import java.time.Duration;
import java.util.List;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The environment's debug log ({@code juju debug-log}): records under {@code /logs}, which the agents
 * write always, whether or not a {@code debug-log} runs, so that the log's recent history can be read at
 * any time.
 *
 * <p>Each record is its writer's: a unit's records are written with the unit's credential, a machine agent's
 * with the machine's, and a reader checks every record against its writer, showing one that claims to be
 * another's (or is no record at all) as a warning of its writer's. The log is bounded by count, size and
 * age: each writer keeps at most {@link #RETAINED_RECORDS} records, the oldest removed first (its write
 * quota bounds their bytes), each {@link LogRecord} is one line of bounded length, and a record older than
 * {@link #RETAINED_AGE} is removed by its writer when it next appends and is never read.
 */
@ProviderType
public interface DebugLog {
    /** How many records the log keeps of each writer at most; appending past it removes the writer's oldest. */
    int RETAINED_RECORDS = 200;

    /**
     * How long the log keeps a record (by the time ZooKeeper created it): readers skip older ones, and
     * a writer removes its own older ones when it appends.
     *
     * @since 8.0
     */
    Duration RETAINED_AGE = Duration.ofHours(24);

    /**
     * Appends records in order and in as few requests as possible, each to
     * the log of its writer (the unit it names, which this connection must act for; the administrator's own
     * for an administrator's connection), after removing that writer's oldest records beyond
     * {@link #RETAINED_RECORDS} and (at most once a minute) those older than {@link #RETAINED_AGE}. Synchronous: agents publish through {@link #publisher()}, which never blocks.
     *
     * @return the stored records, in the same order
     * @since 2.0
     */
    List<LoggedRecord> append(List<LogRecord> records);

    /** {@link #append(List)} of one record. */
    default LoggedRecord append(LogRecord record) {
        return append(List.of(record)).get(0);
    }

    /**
     * The records with a sequence number greater than {@code afterSequence} and no older than
     * {@link #RETAINED_AGE}, oldest first, each checked
     * against its writer: one that fails is replaced by a {@code WARNING} of its writer's saying why.
     */
    List<LoggedRecord> after(long afterSequence);

    /** Watches the greatest sequence number in the log, -1 while it is empty. */
    Watch watchLatest(StateWatcher<Long> watcher);

    /**
     * This connection's publisher: one per connection, shared by every agent of the process, closed with
     * the connection.
     *
     * @since 2.0
     */
    DebugLogPublisher publisher();
}
