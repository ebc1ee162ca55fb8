package jujube.cli.internal;

import java.nio.file.Path;
import jujube.cli.CliException;

/** Where the running distribution lives (bin/, lib/, features/), as bin/jujube tells it. */
final class Distribution {
    private Distribution() {}

    static Path dir() {
        String dir = System.getProperty("jujube.dist");
        if (dir == null) {
            throw new CliException("jujube.dist is not set: run jujube through bin/jujube");
        }
        return Path.of(dir);
    }
}
