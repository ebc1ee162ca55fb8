package jujube.state;

import jujube.model.CharmRecord;

import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.osgi.annotation.versioning.ProviderType;

/** The charms published to the environment ({@code /charms}). */
@ProviderType
public interface Charms {
    /**
     * Publishes a charm. Publishing the same id with the same sha256 again returns the stored record.
     *
     * @throws CharmChecksumMismatchException when the id is stored with another sha256
     */
    CharmRecord publish(CharmRecord charm);

    /**
     * The stored charm.
     *
     * @throws NoSuchCharmException when it was never published
     */
    CharmRecord get(String charmId);

    /** The stored charm, if published. */
    Optional<CharmRecord> find(String charmId);

    /** Every published charm, by id. */
    List<CharmRecord> list();

    /**
     * The largest archive {@link #storeArchive} takes: ZooKeeper keeps its whole tree in the memory of
     * every server.
     *
     * @since 3.2
     */
    long MAX_ARCHIVE_BYTES = 32L << 20;

    /**
     * Keeps the archive of a published charm in the state too, for machines that cannot read the
     * environment's charm storage (machines on other hosts). It is split over nodes below the charm's
     * ({@code archive-0}, {@code archive-1} ...), written before the node that lists them
     * ({@code archive}), so a reader finds a whole archive or none. Storing it again is a no-op.
     *
     * @throws NoSuchCharmException when the charm is not published
     * @throws StateException when the file cannot be read, is over {@link #MAX_ARCHIVE_BYTES}, or is not
     *     the archive the charm was published with (its sha256 differs)
     * @since 3.2
     */
    void storeArchive(String charmId, Path archive);

    /**
     * Writes the archive the state keeps of a published charm to {@code out}, and checks its sha256
     * against the charm's record once all is written: on a mismatch it throws, and the caller, who
     * writes to a temp file, drops what it got.
     *
     * @return false, having written nothing, when the state keeps no archive of the charm
     * @throws CorruptStateException when the stored archive is incomplete or not the published one
     * @since 3.2
     */
    boolean fetchArchive(String charmId, OutputStream out);
}
