package jujube.charm.internal;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import jujube.charm.CharmArchiveException;
import jujube.files.AtomicFiles;
import org.apache.commons.compress.archivers.zip.UnixStat;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;

/**
 * Zips a charm directory: every file, directory and relative inside symlink with its unix mode, in
 * name order (so the same tree gives the same bytes), leaving out hidden entries at any depth and the
 * top-level {@code build/} directory, as the original did. Every entry has the same timestamp, so the
 * same tree gives the same bytes (and sha256) whenever and wherever it is zipped.
 *
 * <p>The directory is held to the limits of an archive ({@link ArchiveReader#MAX_ENTRIES} entries,
 * {@link ArchiveExtractor#MAX_TOTAL_SIZE} bytes in all, entry names' lengths) by a first walk that reads
 * the sizes alone, before any file's content is read; files are then streamed into the archive.
 */
public final class ArchiveBuilder {
    // a zip timestamp is a local date and time: this one is written as the same bytes in every time zone
    private static final LocalDateTime FIXED_TIME = LocalDateTime.of(1980, 1, 1, 0, 0, 2);

    private final Path root;
    private final String label;

    public ArchiveBuilder(Path root) {
        this.root = root;
        this.label = root.toString();
    }

    public void writeTo(Path archive) {
        if (!Files.isDirectory(root)) {
            throw new CharmArchiveException(label, "is not a directory");
        }
        try {
            new Limits().check(root, "", 0);
            AtomicFiles.write(archive, out -> {
                try (ZipArchiveOutputStream zip = new ZipArchiveOutputStream(new BufferedOutputStream(out) {
                    @Override
                    public void close() throws IOException {
                        flush(); // AtomicFiles owns the stream and syncs it before closing
                    }
                })) {
                    addChildren(zip, root, "", 0);
                }
            });
        } catch (IOException e) {
            throw new CharmArchiveException(label, "cannot be archived into " + archive + ": " + e.getMessage(), e);
        }
    }

    /** What of {@code directory} the archive holds, in name order: no hidden entry, no top-level {@code build/}. */
    private static List<Path> included(Path directory, int depth) throws IOException {
        try (Stream<Path> listing = Files.list(directory)) {
            return listing.sorted().filter(child -> {
                String name = child.getFileName().toString();
                return !name.startsWith(".") && !(depth == 0 && name.equals("build"));
            }).toList();
        }
    }

    private void addChildren(ZipArchiveOutputStream zip, Path directory, String prefix, int depth) throws IOException {
        for (Path child : included(directory, depth)) {
            String entry = prefix + child.getFileName();
            if (Files.isSymbolicLink(child)) {
                String target = Files.readSymbolicLink(child).toString();
                String problem = LinkTargets.problem(target, depth).orElse(null);
                if (problem != null) {
                    throw new CharmArchiveException(label, "symlink " + entry + " " + problem);
                }
                stored(zip, entry, UnixStat.LINK_FLAG | 0777, target.getBytes(StandardCharsets.UTF_8));
            } else if (Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS)) {
                stored(zip, entry + "/", UnixStat.DIR_FLAG | permissions(child), new byte[0]);
                addChildren(zip, child, entry + "/", depth + 1);
            } else if (Files.isRegularFile(child, LinkOption.NOFOLLOW_LINKS)) {
                ZipArchiveEntry file = entry(entry, UnixStat.FILE_FLAG | permissions(child));
                file.setMethod(ZipArchiveEntry.DEFLATED);
                zip.putArchiveEntry(file);
                Files.copy(child, zip);
                zip.closeArchiveEntry();
            } else {
                throw new CharmArchiveException(label, entry + " is neither a file, a directory nor a symlink");
            }
        }
    }

    /** What the directory holds, counted as the archive would hold it, against the archive's limits. */
    private final class Limits {
        private int entries;
        private long bytes;

        void check(Path directory, String prefix, int depth) throws IOException {
            for (Path child : included(directory, depth)) {
                String entry = prefix + child.getFileName();
                if (++entries > ArchiveReader.MAX_ENTRIES) {
                    throw new CharmArchiveException(label, "holds more than the " + ArchiveReader.MAX_ENTRIES
                            + " files, directories and links a charm may hold");
                }
                ArchiveExtractor.checkName(label, entry);
                if (Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS)) {
                    check(child, entry + "/", depth + 1);
                } else if (Files.isRegularFile(child, LinkOption.NOFOLLOW_LINKS)) {
                    bytes += Files.size(child);
                    if (bytes > ArchiveExtractor.MAX_TOTAL_SIZE) {
                        throw new CharmArchiveException(label, "holds more than the " + ArchiveExtractor.MAX_TOTAL_SIZE
                                + " bytes a charm may hold (at " + entry + ", " + Files.size(child) + " bytes)");
                    }
                }
            }
        }
    }

    /** Directories and links are stored as they are; a stream needs their size and CRC up front. */
    private static void stored(ZipArchiveOutputStream zip, String name, int mode, byte[] content) throws IOException {
        ZipArchiveEntry entry = entry(name, mode);
        CRC32 crc = new CRC32();
        crc.update(content);
        entry.setMethod(ZipArchiveEntry.STORED);
        entry.setSize(content.length);
        entry.setCrc(crc.getValue());
        zip.putArchiveEntry(entry);
        zip.write(content);
        zip.closeArchiveEntry();
    }

    private static ZipArchiveEntry entry(String name, int mode) {
        ZipArchiveEntry entry = new ZipArchiveEntry(name);
        entry.setUnixMode(mode);
        entry.setTime(FIXED_TIME.atZone(ZoneId.systemDefault()).toInstant().toEpochMilli());
        return entry;
    }

    private static int permissions(Path path) throws IOException {
        return (int) Files.getAttribute(path, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 0777;
    }
}
