package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import jujube.testkit.ShortTempDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SocketPathsTest {
    @TempDir
    Path root;

    /** Where the short directories go: under /tmp, since the test's own directory may itself be deep. */
    @TempDir(factory = ShortTempDir.class)
    Path shortRoot;

    @Test
    void a_short_unit_directory_holds_its_own_socket() throws IOException {
        Path unit = shortRoot.resolve("u");
        assertEquals(unit.resolve("agent.socket"), new SocketPaths(shortRoot.resolve("short")).forUnit(unit));
    }

    @Test
    void a_deep_unit_directory_gets_a_private_short_directory_of_its_own() throws IOException {
        Path deep = root.resolve("d".repeat(60)).resolve("e".repeat(60));
        Path other = root.resolve("d".repeat(60)).resolve("f".repeat(60));
        SocketPaths paths = new SocketPaths(shortRoot);

        Path socket = paths.forUnit(deep);

        assertTrue(SocketPaths.fits(socket), socket.toString());
        assertTrue(socket.getParent().getFileName().toString().matches("jujube-[0-9a-f]{16}"), socket.toString());
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(socket.getParent())));
        assertEquals(socket, paths.forUnit(deep), "the same unit gets the same place again");
        assertNotEquals(socket.getParent(), paths.forUnit(other).getParent());
    }

    @Test
    void a_short_directory_open_to_others_is_refused() throws IOException {
        Path deep = root.resolve("d".repeat(120));
        SocketPaths paths = new SocketPaths(shortRoot);
        Path dir = paths.forUnit(deep).getParent();
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));

        assertThrows(IOException.class, () -> paths.forUnit(deep));
    }

    @Test
    void the_longest_path_that_fits_can_really_be_bound() throws Exception {
        String base = shortRoot + "/";
        Path longest = Path.of(base + "x".repeat(SocketPaths.MAX_PATH_BYTES - base.length()));
        assertTrue(SocketPaths.fits(longest));
        try (var channel = java.nio.channels.ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX)) {
            channel.bind(java.net.UnixDomainSocketAddress.of(longest)); // throws when the limit is wrong
        }
        assertTrue(!SocketPaths.fits(Path.of(longest + "y")), "one byte more does not fit");
    }
}
