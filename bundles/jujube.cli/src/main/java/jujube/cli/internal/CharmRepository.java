package jujube.cli.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jujube.charm.Charm;
import jujube.charm.CharmNotFoundException;
import jujube.charm.CharmReader;
import jujube.charm.CharmUrl;
import jujube.charm.LocalRepository;
import jujube.cli.CliException;
import picocli.CommandLine.Option;

/** {@code --repository DIR} (or {@code $JUJU_REPOSITORY}): the operator's local charm repository. */
final class CharmRepository {
    /** The series a charm name without one is looked up in, as the original's default. */
    static final String DEFAULT_SERIES = "precise";

    @Option(names = "--repository", paramLabel = "DIR", description = "Local charm repository (default: $JUJU_REPOSITORY).")
    Path repository;

    Path root() {
        if (repository != null) {
            return repository.toAbsolutePath();
        }
        String env = System.getenv("JUJU_REPOSITORY");
        if (env == null || env.isBlank()) {
            throw new CliException("no charm repository: give --repository DIR or set $JUJU_REPOSITORY");
        }
        return Path.of(env).toAbsolutePath();
    }

    /** The URL an operator's charm text means: {@code mysql} and {@code local:mysql} become {@code local:precise/mysql}. */
    static CharmUrl infer(String text) {
        // without a store to reach, a bare name can only mean the local repository
        CharmUrl url = CharmUrl.infer(text.contains(":") ? text : "local:" + text, DEFAULT_SERIES);
        if (url.schema() != CharmUrl.Schema.LOCAL) {
            throw new CliException("charm " + url + " is in the charm store, which Jujube cannot reach: deploy local:"
                    + url.name() + " from a --repository");
        }
        return url;
    }

    /**
     * Whether the operator's charm text is a path rather than a URL: {@code ./x}, {@code ../x}, {@code /x},
     * {@code ~/x}, or a packed {@code x.charm}, as Go juju tells local charms from charmhub's.
     */
    static boolean isPath(String text) {
        return text.startsWith("/") || text.startsWith("./") || text.startsWith("../") || text.startsWith("~/")
                || text.equals(".") || text.equals("..") || text.endsWith(".charm");
    }

    /** The charm directory or packed charm at the operator's {@code path} ({@code ~/} is their home). */
    static Charm read(String path, CharmReader reader) {
        Path file = path.startsWith("~/") ? Path.of(System.getProperty("user.home"), path.substring(2)) : Path.of(path);
        try {
            return reader.read(file.toAbsolutePath().normalize());
        } catch (CharmNotFoundException e) {
            throw new CliException("no charm at " + path + ": no such file or directory", e);
        }
    }

    /** The charm {@code url} names; a broken charm of that name is reported with what is wrong with it. */
    Charm find(CharmUrl url, CharmReader reader) {
        Path root = root();
        if (!Files.isDirectory(root)) {
            throw new CliException("charm repository " + root + " is not a directory");
        }
        List<String> skipped = new ArrayList<>();
        try {
            return new LocalRepository(root, reader, skipped::add).find(url);
        } catch (CharmNotFoundException e) {
            // the broken charm is a directory or an archive named after the charm
            String reason = skipped.stream().filter(w -> w.contains("/" + url.name() + ":") || w.contains("/" + url.name() + " ")
                    || w.contains("/" + url.name() + ".charm:"))
                    .findFirst().orElse(null);
            throw new CliException(reason == null ? e.getMessage() : e.getMessage() + "; " + reason, e);
        }
    }
}
