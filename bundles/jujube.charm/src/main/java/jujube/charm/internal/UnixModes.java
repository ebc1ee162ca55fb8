package jujube.charm.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;

/** Converts between unix permission bits and Java's POSIX permission sets. */
public final class UnixModes {
    // PosixFilePermission's declaration order is owner rwx, group rwx, others rwx: bit 8 down to bit 0.
    private static final PosixFilePermission[] BITS = PosixFilePermission.values();

    private UnixModes() {}

    /** A file's permission bits; where the file system has no POSIX permissions, a default by kind. */
    public static int of(Path path) throws IOException {
        if (Files.getFileAttributeView(path, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS) == null) {
            return Files.isDirectory(path) || Files.isExecutable(path) ? 0755 : 0644;
        }
        int mode = 0;
        for (PosixFilePermission permission : Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS)) {
            mode |= 1 << (8 - permission.ordinal());
        }
        return mode;
    }

    /** Gives a file (never a link's target) these permission bits, where the file system supports them. */
    public static void apply(Path path, int mode) throws IOException {
        if (Files.getFileAttributeView(path, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS) == null) {
            return;
        }
        Set<PosixFilePermission> permissions = EnumSet.noneOf(PosixFilePermission.class);
        for (int bit = 0; bit < 9; bit++) {
            if ((mode & (1 << (8 - bit))) != 0) {
                permissions.add(BITS[bit]);
            }
        }
        Files.setPosixFilePermissions(path, permissions);
    }
}
