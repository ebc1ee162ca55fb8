package jujube.charm.internal;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.zip.CRC32;
import jujube.charm.CharmArchiveException;
import org.apache.commons.compress.archivers.zip.UnixStat;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;

/**
 * A charm archive opened for random access through Commons Compress, which keeps the unix modes (file
 * type and permission bits) that the JDK's zip API hides. Content is never trusted to be what the
 * central directory declares: it is counted and checksummed as it is read, and refused as soon as it
 * passes its declared size or the caller's limit, so a lying header cannot unpack a zip bomb. Every
 * problem is a {@link CharmArchiveException} naming the archive and, where there is one, the entry.
 */
public final class ArchiveReader implements Closeable {
    /**
     * The largest archive file opened: no charm unpacks to more than {@link ArchiveExtractor#MAX_TOTAL_SIZE},
     * and the zip library reads the whole central directory into memory, so the file is bounded first.
     */
    public static final long MAX_ARCHIVE_SIZE = ArchiveExtractor.MAX_TOTAL_SIZE;
    /** The most entries (files, directories and links) an archive may hold. */
    public static final int MAX_ENTRIES = 10_000;
    private static final int MSDOS_DIRECTORY = 0x10;

    private final String label;
    private final ZipFile zip;

    private ArchiveReader(String label, ZipFile zip) {
        this.label = label;
        this.zip = zip;
    }

    public static ArchiveReader open(Path archive) {
        String label = archive.toString();
        try {
            long size = Files.size(archive);
            if (size > MAX_ARCHIVE_SIZE) {
                throw new CharmArchiveException(label, "is " + size + " bytes, larger than the " + MAX_ARCHIVE_SIZE
                        + " bytes an archive may be");
            }
            ZipFile zip = ZipFile.builder().setPath(archive).get();
            ArchiveReader reader = new ArchiveReader(label, zip);
            int entries = reader.entries().size();
            if (entries > MAX_ENTRIES) {
                zip.close();
                throw new CharmArchiveException(label, "holds " + entries + " entries, more than the " + MAX_ENTRIES
                        + " an archive may hold");
            }
            return reader;
        } catch (NoSuchFileException e) {
            throw new CharmArchiveException(label, "does not exist");
        } catch (IOException e) {
            throw new CharmArchiveException(label, "not a zip file, or a corrupt one: " + e.getMessage(), e);
        }
    }

    /** Every entry in central directory order, duplicates included. */
    public List<ZipArchiveEntry> entries() {
        return Collections.list(zip.getEntries());
    }

    /**
     * Copies an entry's content out, refusing it once it passes its declared size or {@code limit}
     * bytes, and checking its size and CRC at the end; returns the number of bytes copied.
     */
    public long copy(ZipArchiveEntry entry, OutputStream out, long limit) {
        if (!zip.canReadEntryData(entry)) {
            throw fail(entry, "is encrypted or uses an unsupported compression method");
        }
        long declared = entry.getSize();
        byte[] buffer = new byte[8192];
        CRC32 crc = new CRC32();
        long total = 0;
        try (InputStream in = zip.getInputStream(entry)) {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                total += n;
                if (total > declared) {
                    throw fail(entry, "holds more data than its declared " + declared + " bytes");
                }
                if (total > limit) {
                    throw fail(entry, "is larger than " + limit + " bytes");
                }
                crc.update(buffer, 0, n);
                out.write(buffer, 0, n);
            }
        } catch (IOException e) {
            throw new CharmArchiveException(label, "entry " + entry.getName() + ": " + e.getMessage(), e);
        }
        if (total != declared || crc.getValue() != entry.getCrc()) {
            throw fail(entry, "is corrupt (size or CRC does not match)");
        }
        return total;
    }

    /** An entry's whole content, refused beyond {@code limit} bytes (for small files such as metadata). */
    public byte[] readAll(ZipArchiveEntry entry, int limit) {
        if (entry.getSize() > limit) {
            throw fail(entry, "is larger than " + limit + " bytes");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream((int) Math.max(entry.getSize(), 0));
        copy(entry, out, limit);
        return out.toByteArray();
    }

    public static boolean isSymlink(ZipArchiveEntry entry) {
        return entry.isUnixSymlink();
    }

    public static boolean isDirectory(ZipArchiveEntry entry) {
        return entry.isDirectory()
                || (entry.getUnixMode() & UnixStat.FILE_TYPE_FLAG) == UnixStat.DIR_FLAG
                || (entry.getExternalAttributes() & MSDOS_DIRECTORY) != 0;
    }

    /** The permission bits to give the extracted file, with a sane default for archives that carry none. */
    public static int permissions(ZipArchiveEntry entry) {
        int mode = entry.getUnixMode() & 0777;
        if (mode == 0) {
            return isDirectory(entry) ? 0755 : 0644;
        }
        return mode;
    }

    private CharmArchiveException fail(ZipArchiveEntry entry, String problem) {
        return new CharmArchiveException(label, "entry " + entry.getName() + " " + problem);
    }

    @Override
    public void close() throws IOException {
        zip.close();
    }
}
