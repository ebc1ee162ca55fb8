package jujube.provider.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The machines' ids pass through every directory above their base root: one a command with umask 077 made
 * its owner's alone (as {@code /var/lib/jujube} on a fresh host) gets the execute bits, and nothing more.
 */
class HostDirectoriesTest {
    @TempDir
    Path tmp;

    @Test
    void directories_made_private_become_passable_but_not_listable() throws Exception {
        Path jujube = Files.createDirectory(tmp.resolve("jujube"), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
        Path roots = jujube.resolve("machine-roots");

        HostDirectories.traversable(roots);

        assertEquals("rwx--x--x", PosixFilePermissions.toString(Files.getPosixFilePermissions(jujube)));
        assertEquals("rwx", PosixFilePermissions.toString(Files.getPosixFilePermissions(roots)).substring(0, 3));
        assertEquals("x", PosixFilePermissions.toString(Files.getPosixFilePermissions(roots)).substring(8));
        Files.setPosixFilePermissions(jujube, PosixFilePermissions.fromString("rwxr-xr-x"));
        HostDirectories.traversable(roots);
        assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(jujube)), "left as it was");
    }
}
