package jujube.charm;

import java.nio.file.Path;

/** Where a charm's files are: an unpacked directory or a zip archive. */
public sealed interface CharmSource permits CharmDirectory, CharmArchive {

    /** The directory or the archive file. */
    Path path();
}
