package jujube.charm.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import jujube.charm.CharmArchiveException;
import jujube.charm.TestZip;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The size limits of extraction: what the headers declare, and what the entries really hold. */
class ArchiveExtractorTest {
    @TempDir
    Path temp;

    @Test
    void refuses_an_archive_declaring_more_than_the_limit_before_writing_anything() throws IOException {
        Path zip = temp.resolve("large.zip");
        try (TestZip writer = new TestZip(zip)) {
            writer.file("a", new byte[600], 0644).file("b", new byte[600], 0644);
        }
        Path target = temp.resolve("t");
        CharmArchiveException e = assertThrows(CharmArchiveException.class, () -> new ArchiveExtractor(zip, 1000).extractTo(target));
        assertTrue(e.getMessage().contains("unpacks to more than 1000 bytes"), e.getMessage());
        assertFalse(Files.exists(target));
        new ArchiveExtractor(zip, 1200).extractTo(target);
        assertEquals(600, Files.size(target.resolve("b")));
    }

    @Test
    void refuses_an_entry_holding_more_than_its_header_declares_while_reading_it() throws IOException {
        Path zip = temp.resolve("bomb.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            out.putNextEntry(new ZipEntry("metadata.yaml"));
            out.write("name: x\n".getBytes());
            out.putNextEntry(new ZipEntry("bomb"));
            out.write(new byte[10_000_000]); // deflates to about 10 KB
        }
        declareSize(zip, "bomb", 10);
        Path target = temp.resolve("t");
        CharmArchiveException e = assertThrows(CharmArchiveException.class, () -> new ArchiveExtractor(zip).extractTo(target));
        assertTrue(e.getMessage().contains("entry bomb holds more data than its declared 10 bytes"), e.getMessage());
        assertFalse(Files.exists(target));
        try (var left = Files.list(temp)) {
            assertEquals(1, left.count(), "no staging directory is left behind");
        }
    }

    @Test
    void refuses_more_entries_than_the_limit_before_writing_anything() throws IOException {
        Path zip = temp.resolve("many.zip");
        try (TestZip writer = new TestZip(zip)) {
            for (int i = 0; i <= ArchiveReader.MAX_ENTRIES; i++) {
                writer.file("f" + i, new byte[0], 0644);
            }
        }
        Path target = temp.resolve("t");
        CharmArchiveException e = assertThrows(CharmArchiveException.class, () -> new ArchiveExtractor(zip).extractTo(target));
        assertEquals("charm archive " + zip + ": holds 10001 entries, more than the 10000 an archive may hold", e.getMessage());
        assertFalse(Files.exists(target));
    }

    @Test
    void refuses_entry_names_no_file_system_takes_before_writing_anything() throws IOException {
        String longFileName = "n".repeat(256);
        String deepPath = "d/".repeat(600) + "f";
        for (String name : new String[] {longFileName, deepPath}) {
            Path zip = temp.resolve("names.zip");
            try (TestZip writer = new TestZip(zip)) {
                writer.file("metadata.yaml", new byte[1], 0644).file(name, new byte[1], 0644);
            }
            Path target = temp.resolve("t");
            CharmArchiveException e = assertThrows(CharmArchiveException.class, () -> new ArchiveExtractor(zip).extractTo(target));
            String expected = name == longFileName ? "has a file name longer than 255 bytes" : "has a name longer than 1024 bytes";
            assertEquals("charm archive " + zip + ": entry \"" + name.substring(0, 64) + "...\" " + expected, e.getMessage());
            assertFalse(Files.exists(target));
        }
    }

    @Test
    void refuses_an_archive_file_larger_than_the_limit_before_opening_it() throws IOException {
        Path zip = temp.resolve("huge.zip");
        try (RandomAccessFile file = new RandomAccessFile(zip.toFile(), "rw")) {
            file.setLength(ArchiveReader.MAX_ARCHIVE_SIZE + 1); // sparse: costs no disk
        }
        CharmArchiveException e = assertThrows(CharmArchiveException.class, () -> ArchiveReader.open(zip));
        assertEquals("charm archive " + zip + ": is 1073741825 bytes, larger than the 1073741824 bytes an archive may be",
                e.getMessage());
    }

    /** Rewrites the uncompressed size of {@code name}'s central directory record: a lying header. */
    private static void declareSize(Path zip, String name, int size) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(zip)).order(ByteOrder.LITTLE_ENDIAN);
        for (int at = 0; at + 46 < bytes.limit(); at++) {
            if (bytes.getInt(at) == 0x02014b50 && bytes.getShort(at + 28) == name.length()
                    && new String(bytes.array(), at + 46, name.length()).equals(name)) {
                bytes.putInt(at + 24, size);
                Files.write(zip, bytes.array());
                return;
            }
        }
        throw new AssertionError("no central directory record for " + name);
    }
}
