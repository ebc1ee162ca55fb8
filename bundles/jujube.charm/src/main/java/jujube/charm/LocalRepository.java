package jujube.charm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A local charm repository: {@code <root>/<series>/<entry>}, where each entry is a charm directory or a
 * {@code .charm} archive. Hidden entries are ignored. A broken charm does not stop a search: it is
 * skipped and reported to the warning consumer (this class prints nothing), so one bad charm in a
 * repository does not hide the good ones.
 */
public final class LocalRepository {
    private final Path root;
    private final CharmReader reader;
    private final Consumer<String> warnings;

    /**
     * @param root the repository directory
     * @param reader reads the candidate charms
     * @param warnings receives one message per broken charm skipped
     */
    public LocalRepository(Path root, CharmReader reader, Consumer<String> warnings) {
        this.root = Objects.requireNonNull(root, "root");
        this.reader = Objects.requireNonNull(reader, "reader");
        this.warnings = Objects.requireNonNull(warnings, "warnings");
    }

    public Path root() {
        return root;
    }

    /**
     * The charm {@code url} names: with a revision, exactly that revision; without, the highest one.
     *
     * @throws CharmNotFoundException when the repository, the series or a matching charm is missing
     * @throws InvalidCharmUrlException when {@code url} is not a {@code local:} URL
     */
    public Charm find(CharmUrl url) {
        if (url.schema() != CharmUrl.Schema.LOCAL) {
            throw new InvalidCharmUrlException(url.toString(), "a local repository serves only local: charm URLs");
        }
        if (!Files.isDirectory(root)) {
            throw new CharmNotFoundException("no repository found at " + root + " (looking for " + url + ")");
        }
        Path seriesDirectory = root.resolve(url.series());
        if (!Files.isDirectory(seriesDirectory)) {
            throw new CharmNotFoundException("charm " + url + " not found in repository " + root + ": no " + url.series() + " series directory");
        }
        Charm best = null;
        for (Path candidate : candidates(seriesDirectory)) {
            Charm charm = readOrWarn(candidate);
            if (charm == null || !charm.name().equals(url.name())) {
                continue;
            }
            // a charm without a revision of its own comes before any numbered one
            if (url.revision().isPresent() ? charm.revision().equals(url.revision())
                    : best == null || charm.revision().orElse(-1) > best.revision().orElse(-1)) {
                best = charm;
            }
        }
        if (best == null) {
            throw new CharmNotFoundException("charm " + url + " not found in repository " + root);
        }
        return best;
    }

    private List<Path> candidates(Path seriesDirectory) {
        try (Stream<Path> listing = Files.list(seriesDirectory)) {
            return listing
                    .filter(path -> !path.getFileName().toString().startsWith("."))
                    .filter(path -> Files.isDirectory(path) || path.getFileName().toString().endsWith(".charm"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new CharmNotFoundException("cannot list " + seriesDirectory + ": " + e.getMessage());
        }
    }

    private Charm readOrWarn(Path candidate) {
        try {
            return reader.read(candidate);
        } catch (CharmException e) {
            // the message names the charm by its path already: say it once
            String problem = e.getMessage().replaceFirst("^charm " + java.util.regex.Pattern.quote(candidate.toString()) + ": ", "");
            warnings.accept("skipping broken charm " + candidate + ": " + problem);
            return null;
        }
    }
}
