package jujube.state;

import java.util.Map;
import java.util.OptionalLong;
import org.osgi.annotation.versioning.ProviderType;

/**
 * One unit's part in its service's leader election (Go juju's application leadership) and the service's
 * leader settings. The election is a ZooKeeper latch: the unit whose candidacy, an ephemeral sequential
 * node, is the oldest leads, for as long as its session lives. A leader whose session expires (its
 * machine frozen or cut off past the session timeout) is no longer the leader from that instant, as far
 * as every other unit can tell; so that it cannot act on a stale belief itself, {@link #confirmedTerm()}
 * asks ZooKeeper each time and answers "not leading" when ZooKeeper cannot be reached, and
 * {@link #mergeSettings} writes only in one transaction with the check that the unit's candidacy still
 * exists.
 *
 * <p>The units of one service may all write the election's directory: they trust each other with the
 * election, as the machines that host them trust each other with the service. The guards above keep an
 * honest but deposed leader from writing, not a hostile peer.
 */
@ProviderType
public interface ServiceLeadership {
    /**
     * Stands the unit for election until the campaign is closed. A campaign of the same unit released
     * in this process within the grace period ({@link Campaign#release()}) is taken over, its candidacy
     * kept, so that a unit agent restarted by a bundle update keeps the lead; {@code listener} then
     * replaces the released campaign's.
     *
     * @param listener told of every gain or loss of leadership, on a thread of the connection
     */
    Campaign campaign(LeadershipListener listener);

    /**
     * The term this unit leads in (the sequence number of its candidacy, unique in its service), asked
     * of ZooKeeper now; empty when another unit leads, when the unit stands in no campaign of this
     * process, or when ZooKeeper cannot confirm it at once.
     */
    OptionalLong confirmedTerm();

    /** Whether this unit leads its service right now, as {@link #confirmedTerm()} tells. */
    default boolean isLeader() {
        return confirmedTerm().isPresent();
    }

    /** The unit that leads the service, as the election's nodes show it now; empty while nobody does. */
    java.util.Optional<jujube.model.UnitName> leader();

    /** The service's leader settings: what its leader published for all its units. */
    Map<String, String> settings();

    /**
     * Merges {@code changes} into the leader settings (an empty value deletes its key), in one ZooKeeper
     * transaction that fails unless this unit leads at that instant.
     *
     * @throws jujube.model.NotLeaderException when it does not
     * @throws jujube.model.StateException when the settings would exceed {@link #MAX_SETTINGS_BYTES}
     */
    void mergeSettings(Map<String, String> changes);

    /** Watches the leader settings: the current ones at once, then each change. */
    Watch watchSettings(StateWatcher<Map<String, String>> watcher);

    /** The service's application status, as its leader set it; empty before it set one. */
    java.util.Optional<jujube.model.WorkloadStatus> applicationStatus();

    /**
     * Sets the application status, in one transaction that fails unless this unit leads at that instant.
     *
     * @throws jujube.model.NotLeaderException when it does not
     */
    void setApplicationStatus(jujube.model.WorkloadStatus status);

    /** The largest leader settings, encoded, that a leader may write. */
    int MAX_SETTINGS_BYTES = 256 * 1024;

    /** A unit's candidacy. */
    @ProviderType
    interface Campaign extends AutoCloseable {
        /** Withdraws the candidacy now: the unit stops leading, and another unit may lead. */
        @Override
        void close();

        /** Gives the candidacy up for a successor campaign of this process, for the grace period. */
        void release();
    }
}
