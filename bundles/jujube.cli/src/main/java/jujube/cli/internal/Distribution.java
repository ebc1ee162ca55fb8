package jujube.cli.internal;

import java.nio.file.Path;
import java.util.Optional;
import jujube.cli.CliException;

/** Where the running distribution lives (bin/, lib/, features/), as bin/jujube tells it. */
final class Distribution {
    private Distribution() {}

    static Path dir() {
        return dirIfKnown().orElseThrow(() -> new CliException("jujube.dist is not set: run jujube through bin/jujube"));
    }

    /** The running distribution, unless the command line runs outside one (in tests). */
    static Optional<Path> dirIfKnown() {
        return Optional.ofNullable(System.getProperty("jujube.dist")).map(Path::of);
    }
}
