package jujube.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Removal of a directory tree, deepest entries first; links are removed, never followed, and directories
 * an archive left without write permission are made writable first so that an unprivileged owner can
 * empty them.
 */
public final class FileTrees {
    private FileTrees() {
    }

    /** Deletes {@code root} and everything below it; nothing to do when it does not exist. */
    public static void delete(Path root) throws IOException {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        List<Path> all;
        try (Stream<Path> walk = Files.walk(root)) {
            all = walk.sorted(Comparator.reverseOrder()).toList();
        }
        for (Path p : all) {
            if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                p.toFile().setWritable(true, true);
            }
            Files.deleteIfExists(p);
        }
    }
}
