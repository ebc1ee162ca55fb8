package jujube.provider.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BaseRootTest {
    private static final MachineIds IDS = new MachineIds(100_000, 200_000, 65_536);

    @TempDir
    Path tmp;

    private Path osRelease(String text) throws Exception {
        return Files.writeString(tmp.resolve("os-release"), text);
    }

    @Test
    void the_release_is_the_hosts_and_the_mirror_the_first_apt_source_serving_it() throws Exception {
        Path apt = Files.createDirectories(tmp.resolve("apt/sources.list.d"));
        Files.writeString(apt.resolve("other.sources"), "Types: deb\nURIs: http://other.example/debian\nSuites: trixie\n");
        Files.writeString(apt.resolve("debian.sources"), "Types: deb\nURIs: http://mirror.example/debian\n"
                + "Suites: bookworm bookworm-updates\nComponents: main\n\nTypes: deb\nURIs: http://security.example\n"
                + "Suites: bookworm-security\n");
        BaseRoot.HostRelease release = BaseRoot.hostRelease(osRelease("ID=debian\nVERSION_CODENAME=bookworm\n"),
                tmp.resolve("apt"), Map.of());
        assertEquals(new BaseRoot.HostRelease("bookworm", "http://mirror.example/debian"), release);
    }

    @Test
    void a_one_line_source_an_explicit_mirror_and_the_default_are_found_in_that_order() throws Exception {
        Path apt = Files.createDirectories(tmp.resolve("apt"));
        Files.writeString(apt.resolve("sources.list"), "# comment\ndeb http://old.example/debian bookworm main\n");
        Path os = osRelease("ID=debian\nVERSION_CODENAME=\"bookworm\"\n");
        assertEquals("http://old.example/debian", BaseRoot.hostRelease(os, apt, Map.of()).mirror());
        assertEquals("http://set.example/debian", BaseRoot.hostRelease(os, apt,
                Map.of("JUJUBE_MACHINE_MIRROR", "http://set.example/debian")).mirror());
        assertEquals("http://deb.debian.org/debian", BaseRoot.hostRelease(os, tmp.resolve("no-apt"), Map.of()).mirror());
    }

    @Test
    void each_recipe_has_a_directory_of_its_own_which_is_ready_only_with_its_marker() throws Exception {
        BaseRoot root = new BaseRoot(tmp, "bookworm", "http://deb.debian.org/debian", IDS);
        assertNotEquals(root.dir(), new BaseRoot(tmp, "bookworm", "http://other.example/debian", IDS).dir());
        assertNotEquals(root.dir(), new BaseRoot(tmp, "bookworm", root.mirror(), new MachineIds(300_000, 300_000, 65_536)).dir());
        assertEquals(root.dir(), new BaseRoot(tmp, "bookworm", root.mirror(), IDS).dir());
        Files.createDirectories(root.dir().resolve("etc"));
        assertFalse(root.ready(), "a root without its marker was never finished");
    }

    @Test
    void shifting_gives_every_file_to_the_machines_ids_keeps_set_uid_bits_and_links_and_is_idempotent() throws Exception {
        Path tree = Files.createDirectories(tmp.resolve("tree/usr/bin"));
        Path passwd = Files.writeString(tree.resolve("passwd"), "#!/bin/sh\n");
        Files.setAttribute(passwd, "unix:mode", 04755);
        Path link = Files.createSymbolicLink(tmp.resolve("tree/bin"), Path.of("usr/bin"));
        Path owned = Files.writeString(tmp.resolve("tree/owned-by-33"), "www-data's");
        Files.setAttribute(owned, "unix:uid", 33);
        Files.setAttribute(owned, "unix:gid", 33);
        Path hard = Files.createLink(tmp.resolve("tree/passwd-again"), passwd);

        BaseRoot.shiftOwners(tmp.resolve("tree"), IDS);
        BaseRoot.shiftOwners(tmp.resolve("tree"), IDS);

        assertEquals(100_000, Files.getAttribute(passwd, "unix:uid"), "a hard link is shifted once");
        assertEquals(200_000, Files.getAttribute(hard, "unix:gid"));
        assertEquals(04755, (Integer) Files.getAttribute(passwd, "unix:mode") & 07777, "chown cleared set-uid; it is back");
        assertEquals(100_000, Files.getAttribute(link, "unix:uid", LinkOption.NOFOLLOW_LINKS));
        assertEquals(100_033, Files.getAttribute(owned, "unix:uid"));
        assertEquals(200_033, Files.getAttribute(owned, "unix:gid"));
        assertEquals(100_000, Files.getAttribute(tmp.resolve("tree"), "unix:uid"));
    }
}
