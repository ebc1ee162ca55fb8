package jujube.state;

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
}
