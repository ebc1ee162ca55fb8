package jujube.charm;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A charm as a directory: {@code metadata.yaml}, optional {@code config.yaml}, {@code revision},
 * {@code hooks/} and whatever else the charm carries.
 *
 * @param path the charm's root directory
 */
public record CharmDirectory(Path path) implements CharmSource {

    public CharmDirectory {
        Objects.requireNonNull(path, "path");
    }
}
