package jujube.charm;

import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * A charm read and validated by {@link CharmReader}.
 *
 * @param metadata its metadata ({@code metadata.yaml}, or {@code charmcraft.yaml} holding it)
 * @param config its options ({@code config.yaml}, or {@code charmcraft.yaml}'s {@code config}; empty when
 *     it has none)
 * @param revision its revision: the {@code revision} file, else the legacy key of {@code metadata.yaml};
 *     empty for a charm of today, which has neither and is numbered when it is published
 * @param source where its files are
 * @param ignoredKeys the keys of its metadata Jujube accepts without acting on (features it does not
 *     implement, or keys it does not know, marked {@code (unknown)}), in file order
 * @param actions its actions ({@code actions.yaml}, or {@code charmcraft.yaml}'s {@code actions}; none when
 *     it declares none), since 3.1
 * @since 3.0
 */
public record Charm(CharmMetadata metadata, CharmConfig config, OptionalInt revision, CharmSource source,
        List<String> ignoredKeys, CharmActions actions) {

    public Charm {
        Objects.requireNonNull(metadata, "metadata");
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(revision, "revision");
        Objects.requireNonNull(source, "source");
        if (revision.isPresent() && revision.getAsInt() < 0) {
            throw new IllegalArgumentException("negative revision " + revision.getAsInt());
        }
        ignoredKeys = List.copyOf(ignoredKeys);
        Objects.requireNonNull(actions, "actions");
    }

    /** A charm without actions, as before 3.1. */
    public Charm(CharmMetadata metadata, CharmConfig config, OptionalInt revision, CharmSource source,
            List<String> ignoredKeys) {
        this(metadata, config, revision, source, ignoredKeys, CharmActions.empty());
    }

    /** The charm's name. */
    public String name() {
        return metadata.name();
    }

    /**
     * The charm's local URL in a repository's series: {@code local:<series>/<name>-<revision>}.
     *
     * @throws IllegalStateException for a charm without a revision ({@link #localUrl(String, int)})
     */
    public CharmUrl localUrl(String series) {
        return localUrl(series, revision.orElseThrow(
                () -> new IllegalStateException("charm " + name() + " has no revision of its own")));
    }

    /** The charm's local URL with the revision Jujube gave it. */
    public CharmUrl localUrl(String series, int number) {
        return CharmUrl.local(series, metadata.name(), number);
    }
}
