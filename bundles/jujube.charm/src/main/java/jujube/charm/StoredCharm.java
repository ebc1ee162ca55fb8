package jujube.charm;

import java.util.Objects;

/**
 * A charm archive published in the environment's {@link CharmStorage}.
 *
 * @param url the charm's URL, with its revision
 * @param key the storage key to fetch it by (a file-name-safe form of the URL)
 * @param sha256 the digest of the archive, recorded in the state and checked on every fetch
 * @param size the archive's size in bytes
 */
public record StoredCharm(CharmUrl url, String key, Sha256 sha256, long size) {

    public StoredCharm {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(sha256, "sha256");
    }
}
