package jujube.model;

import java.util.Map;
import java.util.Objects;

/**
 * A charm published to the environment, as plain data: this bundle does not interpret charms.
 *
 * @param id the charm id, {@code local:precise/mysql-3}
 * @param url where the charm bundle is stored
 * @param sha256 the bundle's checksum
 * @param metadata the charm's metadata as read from {@code metadata.yaml}
 * @param config the charm's config schema as read from {@code config.yaml}
 * @param actions the charm's actions as read from {@code actions.yaml} (empty when it has none), since 1.2
 */
public record CharmRecord(String id, String url, String sha256, Map<String, Object> metadata,
        Map<String, Object> config, Map<String, Object> actions) {
    public CharmRecord {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(sha256, "sha256");
        metadata = metadata == null ? Map.of() : metadata;
        config = config == null ? Map.of() : config;
        actions = actions == null ? Map.of() : actions;
    }

    /** A charm without actions, as before 1.2. */
    public CharmRecord(String id, String url, String sha256, Map<String, Object> metadata, Map<String, Object> config) {
        this(id, url, sha256, metadata, config, Map.of());
    }
}
