package jujube.charm;

import java.nio.file.Path;
import jujube.charm.internal.ArchiveBuilder;
import jujube.charm.internal.ArchiveExtractor;

/**
 * Builds and unpacks charm archives (zip files).
 *
 * <p>Building takes every file, directory and symlink of a charm directory, with its unix mode, except
 * hidden entries (at any depth) and the top-level {@code build/} directory; the entries have fixed
 * timestamps and a fixed order, so an unchanged charm always makes the same archive and sha256. Symlinks
 * must be relative and stay inside the charm (their {@code ..} steps come first and do not climb above
 * the root). The archive is written atomically.
 *
 * <p>Extracting creates a new directory that keeps file modes and allows only the same inside symlinks;
 * an entry that would land outside it (absolute name, {@code ..}: zip-slip), a duplicate entry, a corrupt
 * or unsupported zip, all fail with a {@link CharmArchiveException} and leave no directory behind.
 */
public final class CharmArchives {

    private CharmArchives() {}

    /** Zips {@code charmDirectory} into {@code archiveFile}, replacing it atomically if it exists. */
    public static CharmArchive build(Path charmDirectory, Path archiveFile) {
        new ArchiveBuilder(charmDirectory).writeTo(archiveFile);
        return new CharmArchive(archiveFile);
    }

    /** Unpacks {@code archive} into {@code target}, which must not exist yet; its parent is created. */
    public static CharmDirectory extract(Path archive, Path target) {
        new ArchiveExtractor(archive).extractTo(target);
        return new CharmDirectory(target);
    }
}
