package jujube.provider.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;

/**
 * Directories of this host that the machines' ids must pass through: the machines' base root and the
 * probe's scratch live below {@code /var/lib/jujube}, which the command line, running with umask 077,
 * would otherwise make its owner's alone, so that no container could reach its root.
 */
final class HostDirectories {
    private HostDirectories() {
    }

    /**
     * Makes {@code dir} and its missing parents, then lets anybody pass through {@code dir} and every
     * directory above it that this user owns (the execute bits only: nothing becomes listable or writable).
     */
    static Path traversable(Path dir) throws IOException {
        Files.createDirectories(dir);
        String me = System.getProperty("user.name");
        for (Path p = dir.toAbsolutePath(); p != null; p = p.getParent()) {
            if (!Files.getOwner(p).getName().equals(me)) {
                continue;
            }
            Set<PosixFilePermission> perms = EnumSet.copyOf(Files.getPosixFilePermissions(p));
            if (perms.add(PosixFilePermission.GROUP_EXECUTE) | perms.add(PosixFilePermission.OTHERS_EXECUTE)) {
                Files.setPosixFilePermissions(p, perms);
            }
        }
        return dir;
    }
}
