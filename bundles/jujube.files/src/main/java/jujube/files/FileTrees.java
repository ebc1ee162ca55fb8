package jujube.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Removal of a directory tree, deepest entries first; links are removed, never followed, and directories
 * an archive left without write permission are made writable first so that an unprivileged owner can
 * empty them.
 */
public final class FileTrees {
    /** How the name of a tree {@link #deleteAtomically} set aside begins. */
    public static final String SET_ASIDE_PREFIX = ".deleting-";

    private FileTrees() {
    }

    /**
     * Moves {@code root} aside with one rename in its own directory, then deletes it: whoever looks for
     * {@code root} or a file in it finds all of it or nothing, never a tree half deleted. A crash between
     * the two leaves a sibling whose name begins with {@link #SET_ASIDE_PREFIX}, for its owner to sweep
     * ({@link #isSetAside}). Nothing to do when {@code root} does not exist.
     */
    public static void deleteAtomically(Path root) throws IOException {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Path aside = root.resolveSibling(SET_ASIDE_PREFIX + root.getFileName() + "." + System.nanoTime());
        Files.move(root, aside, StandardCopyOption.ATOMIC_MOVE);
        delete(aside);
    }

    /** Whether {@code path} is a tree {@link #deleteAtomically} set aside and did not finish deleting. */
    public static boolean isSetAside(Path path) {
        Path name = path.getFileName();
        return name != null && name.toString().startsWith(SET_ASIDE_PREFIX);
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
