package jujube.files;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SmallFilesTest {
    @TempDir
    Path root;

    @Test
    void a_file_within_its_limit_is_read_whole() throws IOException {
        Path file = Files.write(root.resolve("unit.json"), new byte[100]);
        assertArrayEquals(new byte[100], SmallFiles.read(file, 100));
        assertArrayEquals(new byte[0], SmallFiles.read(Files.write(root.resolve("empty"), new byte[0]), 0));
    }

    @Test
    void a_file_over_its_limit_is_refused_as_corrupt_naming_its_size() throws IOException {
        Path file = Files.write(root.resolve("unit.json"), new byte[101]);
        CorruptFileException e = assertThrows(CorruptFileException.class, () -> SmallFiles.read(file, 100));
        assertEquals("101 bytes, over the limit of 100 bytes", e.problem());
        assertEquals(file + ": 101 bytes, over the limit of 100 bytes", e.getMessage());
        assertEquals(file, e.file());
    }

    @Test
    void what_is_not_a_regular_file_is_refused_before_it_is_opened() throws Exception {
        Path dir = Files.createDirectory(root.resolve("unit.json"));
        assertEquals("not a regular file", assertThrows(CorruptFileException.class, () -> SmallFiles.read(dir, 10)).problem());
        Path fifo = root.resolve("fifo");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        // reading a fifo nobody writes would block forever
        assertEquals("not a regular file", assertThrows(CorruptFileException.class, () -> SmallFiles.read(fifo, 10)).problem());
        Path device = Files.createSymbolicLink(root.resolve("zero"), Path.of("/dev/zero"));
        assertEquals("not a regular file", assertThrows(CorruptFileException.class, () -> SmallFiles.read(device, 10)).problem());
        assertThrows(NoSuchFileException.class, () -> SmallFiles.read(root.resolve("absent"), 10));
    }

    @Test
    void a_file_set_aside_is_copied_under_a_name_with_the_time_never_over_another_copy() throws IOException {
        Instant now = Instant.parse("2026-11-25T16:25:13.476Z");
        Path file = Files.writeString(root.resolve("unit.json"), "garbage");
        Path aside = SmallFiles.setAside(file, now);
        assertEquals(root.resolve("unit.json.corrupt-20261125T162513Z"), aside);
        assertEquals("garbage", Files.readString(aside));
        assertEquals("garbage", Files.readString(file), "left for its owner to replace");

        Files.writeString(file, "garbage again");
        assertEquals(root.resolve("unit.json.corrupt-20261125T162513Z-2"), SmallFiles.setAside(file, now));
        assertEquals("garbage", Files.readString(aside));
        assertThrows(NoSuchFileException.class, () -> SmallFiles.setAside(root.resolve("absent"), now));
    }

    @Test
    void what_is_not_a_regular_file_is_renamed_aside() throws IOException {
        Path dir = Files.createDirectories(root.resolve("relations"));
        Files.writeString(dir.resolve("x"), "x");
        Path aside = SmallFiles.setAside(dir, Instant.parse("2026-11-25T16:25:13Z"));
        assertFalse(Files.exists(dir));
        assertEquals("x", Files.readString(aside.resolve("x")));
    }
}
