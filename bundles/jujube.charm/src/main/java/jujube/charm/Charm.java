package jujube.charm;

import java.util.Objects;

/**
 * A charm read and validated by {@link CharmReader}.
 *
 * @param metadata its {@code metadata.yaml}
 * @param config its {@code config.yaml} (empty when it has none)
 * @param revision its revision: the {@code revision} file, else the legacy key of {@code metadata.yaml}
 * @param source where its files are
 */
public record Charm(CharmMetadata metadata, CharmConfig config, int revision, CharmSource source) {

    public Charm {
        Objects.requireNonNull(metadata, "metadata");
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(source, "source");
        if (revision < 0) {
            throw new IllegalArgumentException("negative revision " + revision);
        }
    }

    /** The charm's name. */
    public String name() {
        return metadata.name();
    }

    /** The charm's local URL in a repository's series: {@code local:<series>/<name>-<revision>}. */
    public CharmUrl localUrl(String series) {
        return CharmUrl.local(series, metadata.name(), revision);
    }
}
