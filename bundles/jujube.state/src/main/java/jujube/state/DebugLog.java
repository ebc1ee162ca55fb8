package jujube.state;

import jujube.model.LogRecord;
import jujube.model.LoggedRecord;

import java.util.List;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The environment's debug log ({@code juju debug-log}): records under {@code /logs}, written by agents
 * only while someone listens.
 *
 * <p>The log is <em>enabled</em> exactly while at least one {@link #listen() listener} exists: each
 * listener is an ephemeral node under {@code /logs/listeners}, so a {@code debug-log} that ends, however
 * it ends (a kill and its session's expiry included), stops the agents' publishing once it was the last.
 * (The original kept a {@code debug-log} flag in {@code /settings}, which a killed command left on.)
 *
 * <p>Each record is its writer's: a unit's records are written with the unit's credential, a machine agent's
 * with the machine's, and a reader checks every record against its writer, showing one that claims to be
 * another's (or is no record at all) as a warning of its writer's. The log is bounded: each writer keeps
 * at most {@link #RETAINED_RECORDS} records, the oldest removed first, and each {@link LogRecord} is one
 * line of bounded length.
 */
@ProviderType
public interface DebugLog {
    /** How many records the log keeps of each writer at most; appending past it removes the writer's oldest. */
    int RETAINED_RECORDS = 200;

    /** Whether anyone listens, read from ZooKeeper now. Agents use {@link #publisher()} instead. */
    boolean isEnabled();

    /**
     * Starts listening: the log is enabled until the listener is closed or this connection's session ends.
     *
     * @since 2.0
     */
    Listener listen();

    /**
     * Watches whether anyone listens.
     *
     * @since 2.0
     */
    Watch watchEnabled(StateWatcher<Boolean> watcher);

    /**
     * Appends records, whether or not anyone listens, in order and in as few requests as possible, each to
     * the log of its writer (the unit it names, which this connection must act for; the administrator's own
     * for an administrator's connection), after removing that writer's oldest records beyond
     * {@link #RETAINED_RECORDS}. Synchronous: agents publish through {@link #publisher()}, which never blocks.
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
     * The records with a sequence number greater than {@code afterSequence}, oldest first, each checked
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

    /** A {@code debug-log} listening: the log stays enabled while this (or another listener) is open. */
    @ProviderType
    interface Listener extends AutoCloseable {
        /** Stops listening (idempotent). */
        @Override
        void close();
    }
}
