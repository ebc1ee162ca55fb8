package jujube.charm;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A charm as a zip archive (a {@code .charm} file, the "charm bundle" of the original), holding the
 * charm's files at its root with their unix modes.
 *
 * @param path the archive file
 */
public record CharmArchive(Path path) implements CharmSource {

    public CharmArchive {
        Objects.requireNonNull(path, "path");
    }
}
