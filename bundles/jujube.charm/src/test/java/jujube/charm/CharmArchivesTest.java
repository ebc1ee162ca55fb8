package jujube.charm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CharmArchivesTest {
    private record Link(String name, String target) {}

    private record Case(String reason, List<Link> links) {}

    @TempDir
    Path temp;

    private Path charmDirectory() throws IOException {
        Path dir = temp.resolve("src");
        Files.createDirectories(dir.resolve("hooks"));
        Files.createDirectories(dir.resolve("build"));
        Files.createDirectories(dir.resolve(".bzr"));
        Files.createDirectories(dir.resolve("lib/build"));
        Files.writeString(dir.resolve("metadata.yaml"), "name: demo\nsummary: s\ndescription: d\n");
        Files.writeString(dir.resolve("revision"), "4\n");
        Files.writeString(dir.resolve("hooks/install"), "#!/bin/sh\necho hi\n");
        Files.setPosixFilePermissions(dir.resolve("hooks/install"), PosixFilePermissions.fromString("rwxr-x---"));
        Files.writeString(dir.resolve("hooks/.install.swp"), "x");
        Files.writeString(dir.resolve("build/output"), "x");
        Files.writeString(dir.resolve(".bzr/branch"), "x");
        Files.writeString(dir.resolve("lib/build/kept"), "nested build/ is kept");
        Files.createSymbolicLink(dir.resolve("hooks/start"), Path.of("install"));
        Files.createSymbolicLink(dir.resolve("hooks/lib"), Path.of("../lib"));
        return dir;
    }

    private static List<String> names(Path zip) throws IOException {
        try (ZipFile file = new ZipFile(zip.toFile())) {
            return file.stream().map(ZipEntry::getName).toList();
        }
    }

    @Test
    void builds_without_hidden_files_and_top_level_build_and_extracts_modes_and_links() throws IOException {
        Path zip = temp.resolve("demo.charm");
        CharmArchives.build(charmDirectory(), zip);
        assertEquals(List.of("hooks/", "hooks/install", "hooks/lib", "hooks/start", "lib/", "lib/build/", "lib/build/kept", "metadata.yaml", "revision"),
                names(zip));

        Path out = temp.resolve("unpacked/demo");
        CharmDirectory extracted = CharmArchives.extract(zip, out);
        assertEquals(out, extracted.path());
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(out.resolve("hooks/install"))));
        assertTrue(Files.isSymbolicLink(out.resolve("hooks/start")));
        assertEquals(Path.of("install"), Files.readSymbolicLink(out.resolve("hooks/start")));
        assertEquals("#!/bin/sh\necho hi\n", Files.readString(out.resolve("hooks/start")));
        assertEquals("nested build/ is kept", Files.readString(out.resolve("hooks/lib/build/kept")));
        assertFalse(Files.exists(out.resolve("build")));
        try (Stream<Path> siblings = Files.list(out.getParent())) {
            assertEquals(List.of(out), siblings.toList(), "no staging directory is left beside the target");
        }
    }

    @Test
    void same_tree_gives_the_same_bytes() throws IOException {
        Path dir = charmDirectory();
        Path first = CharmArchives.build(dir, temp.resolve("a.charm")).path();
        Path second = CharmArchives.build(dir, temp.resolve("b.charm")).path();
        assertEquals(Sha256.of(first), Sha256.of(second));
    }

    @Test
    void refuses_to_build_with_links_leaving_the_charm() throws IOException {
        Path dir = charmDirectory();
        Files.createSymbolicLink(dir.resolve("hooks/passwd"), Path.of("/etc/passwd"));
        CharmArchiveException absolute = assertThrows(CharmArchiveException.class, () -> CharmArchives.build(dir, temp.resolve("x.charm")));
        assertTrue(absolute.getMessage().contains("symlink hooks/passwd points to absolute path /etc/passwd"), absolute.getMessage());
        Files.delete(dir.resolve("hooks/passwd"));
        Files.createSymbolicLink(dir.resolve("hooks/up"), Path.of("../../elsewhere"));
        CharmArchiveException outside = assertThrows(CharmArchiveException.class, () -> CharmArchives.build(dir, temp.resolve("x.charm")));
        assertTrue(outside.getMessage().contains("symlink hooks/up points to ../../elsewhere, outside the charm"), outside.getMessage());
        assertFalse(Files.exists(temp.resolve("x.charm")));
    }

    @Test
    void rejects_zip_slip_entries_and_leaves_nothing_behind() throws IOException {
        for (String evil : List.of("../evil", "hooks/../../evil", "/tmp/evil", "a\\..\\..\\evil")) {
            Path zip = temp.resolve("slip.zip");
            try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
                out.putNextEntry(new ZipEntry("metadata.yaml"));
                out.write("name: x\n".getBytes(StandardCharsets.UTF_8));
                out.putNextEntry(new ZipEntry(evil));
                out.write("pwned".getBytes(StandardCharsets.UTF_8));
            }
            Path target = temp.resolve("target/charm");
            CharmArchiveException e = assertThrows(CharmArchiveException.class, () -> CharmArchives.extract(zip, target));
            assertTrue(e.getMessage().contains("would be written outside the target directory"), e.getMessage());
            assertTrue(e.getMessage().contains(zip.toString()), e.getMessage());
            assertFalse(Files.exists(target));
            assertFalse(Files.exists(temp.resolve("evil")));
            assertFalse(Files.exists(temp.resolve("target/evil")));
        }
    }

    @Test
    void rejects_links_that_escape_directly_or_through_other_links() throws IOException {
        List<Case> cases = List.of(
                new Case("symlink up points to ../outside, outside the charm", List.of(new Link("up", "../outside"))),
                new Case("symlink abs points to absolute path /etc/passwd", List.of(new Link("abs", "/etc/passwd"))),
                // "here" points at the root; "here/../../x" would resolve from the real parent, above the root
                new Case("symlink d/sneak points to here/../../x, which goes back up (..) after a name",
                        List.of(new Link("d/here", ".."), new Link("d/sneak", "here/../../x"))),
                // a link whose parent is reached through another link is judged where it really lands
                new Case("symlink d/root/up points to ../x, outside the charm", List.of(new Link("d/root", ".."), new Link("d/root/up", "../x"))));
        int n = 0;
        for (Case escape : cases) {
            Path zip = temp.resolve("links" + n++ + ".zip");
            try (TestZip writer = new TestZip(zip)) {
                writer.directory("d/", 0755);
                for (Link link : escape.links()) {
                    writer.symlink(link.name(), link.target());
                }
            }
            Path target = temp.resolve("t" + n);
            CharmArchiveException e = assertThrows(CharmArchiveException.class, () -> CharmArchives.extract(zip, target));
            assertTrue(e.getMessage().contains(escape.reason()), e.getMessage());
            assertFalse(Files.exists(target, LinkOption.NOFOLLOW_LINKS));
        }
    }

    @Test
    void rejects_duplicate_entries() throws IOException {
        Path zip = temp.resolve("dup.zip");
        try (TestZip writer = new TestZip(zip)) {
            writer.file("hooks/install", new byte[] {1}, 0755);
            writer.symlink("hooks/./install", "/etc/passwd");
        }
        CharmArchiveException e = assertThrows(CharmArchiveException.class, () -> CharmArchives.extract(zip, temp.resolve("t")));
        assertTrue(e.getMessage().contains("entry hooks/install appears more than once"), e.getMessage());
    }

    @Test
    void extracts_archives_without_unix_modes_with_defaults_for_the_owner_alone() throws IOException {
        Path zip = temp.resolve("plain.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            out.putNextEntry(new ZipEntry("./hooks/"));
            out.putNextEntry(new ZipEntry("./hooks/install"));
            out.write("x".getBytes(StandardCharsets.UTF_8));
        }
        Path target = CharmArchives.extract(zip, temp.resolve("t")).path();
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(target.resolve("hooks/install"))));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(target.resolve("hooks"))));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
        assertEquals("x", Files.readString(target.resolve("hooks/install")));
    }

    @Test
    void an_executable_stays_executable_for_its_owner_alone() throws IOException {
        Path zip = temp.resolve("modes.zip");
        try (TestZip writer = new TestZip(zip)) {
            writer.file("hooks/install", new byte[] {1}, 0755);
            writer.file("README", new byte[] {1}, 0666);
        }
        Path target = CharmArchives.extract(zip, temp.resolve("t")).path();
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(target.resolve("hooks/install"))));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(target.resolve("README"))));
    }

    @Test
    void a_directory_over_an_archives_limits_is_refused_before_its_files_are_read() throws IOException {
        Path dir = charmDirectory();
        try (java.io.RandomAccessFile big = new java.io.RandomAccessFile(dir.resolve("big").toFile(), "rw")) {
            big.setLength((1L << 30) + (100L << 20)); // 1.1 GiB, sparse: nothing of it is ever read
        }
        CharmArchiveException huge = assertThrows(CharmArchiveException.class,
                () -> CharmArchives.build(dir, temp.resolve("huge.charm")));
        assertTrue(huge.getMessage().contains("holds more than the 1073741824 bytes a charm may hold (at big,"),
                huge.getMessage());
        assertFalse(Files.exists(temp.resolve("huge.charm")), "nothing written");
        Files.delete(dir.resolve("big"));

        Path many = Files.createDirectories(dir.resolve("many"));
        for (int i = 0; i <= 10_000; i++) {
            Files.createFile(many.resolve("f" + i));
        }
        CharmArchiveException crowded = assertThrows(CharmArchiveException.class,
                () -> CharmArchives.build(dir, temp.resolve("many.charm")));
        assertTrue(crowded.getMessage().contains("holds more than the 10000 files, directories and links"),
                crowded.getMessage());
    }

    @Test
    void refuses_an_existing_target() throws IOException {
        Path zip = CharmArchives.build(charmDirectory(), temp.resolve("c.charm")).path();
        Files.createDirectories(temp.resolve("exists"));
        CharmArchiveException e = assertThrows(CharmArchiveException.class, () -> CharmArchives.extract(zip, temp.resolve("exists")));
        assertTrue(e.getMessage().contains("already exists"), e.getMessage());
    }

    @Test
    void reports_garbage_truncated_and_corrupt_archives() throws IOException {
        Path garbage = Files.writeString(temp.resolve("garbage.charm"), "not a zip at all, just some text that is long enough");
        assertTrue(assertThrows(CharmArchiveException.class, () -> CharmArchives.extract(garbage, temp.resolve("g"))).getMessage()
                .contains("not a zip file"));

        byte[] good = Files.readAllBytes(CharmArchives.build(charmDirectory(), temp.resolve("good.charm")).path());
        Path truncated = temp.resolve("truncated.charm");
        Files.write(truncated, java.util.Arrays.copyOf(good, good.length / 2));
        assertThrows(CharmArchiveException.class, () -> CharmArchives.extract(truncated, temp.resolve("tr")));

        // flip a byte inside the first entry's data: the CRC check must catch it
        byte[] corrupt = good.clone();
        corrupt[30 + "hooks/".length() + 30 + "hooks/install".length() + 2] ^= 0x55;
        Path flipped = temp.resolve("corrupt.charm");
        Files.write(flipped, corrupt);
        CharmArchiveException e = assertThrows(CharmArchiveException.class, () -> CharmArchives.extract(flipped, temp.resolve("co")));
        assertTrue(e.getMessage().contains("hooks/install"), e.getMessage());
        assertFalse(Files.exists(temp.resolve("co")));
        assertTrue(assertThrows(CharmArchiveException.class, () -> CharmArchives.extract(temp.resolve("missing.charm"), temp.resolve("m")))
                .getMessage().contains("does not exist"));
    }

    @Test
    void writes_zips_the_jdk_can_read() throws IOException {
        Path zip = CharmArchives.build(charmDirectory(), temp.resolve("jdk.charm")).path();
        try (ZipFile file = new ZipFile(zip.toFile())) {
            assertEquals("4\n", new String(file.getInputStream(file.getEntry("revision")).readAllBytes(), StandardCharsets.UTF_8));
        }
    }
}
