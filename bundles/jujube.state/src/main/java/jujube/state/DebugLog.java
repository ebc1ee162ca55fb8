package jujube.state;

import java.util.List;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The environment's debug log: records under {@code /logs}, kept while the {@code debug-log} flag of
 * {@code /settings} is on (as {@code juju debug-log} turns it on). Agents append; the command line tails.
 */
@ProviderType
public interface DebugLog {
    /** Whether agents should send their records. */
    boolean isEnabled();

    void setEnabled(boolean enabled);

    /**
     * Appends a record if the log is enabled.
     *
     * @return the stored record, or null when the log is off and nothing was written
     */
    LoggedRecord append(LogRecord record);

    /** The records with a sequence number greater than {@code afterSequence}, oldest first. */
    List<LoggedRecord> after(long afterSequence);

    /** Watches the greatest sequence number in the log, -1 while it is empty. */
    Watch watchLatest(StateWatcher<Long> watcher);
}
