package jujube.files;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one way Jujube replaces a file it keeps: the content goes to a temp file beside the target
 * ({@code .<name>.<random>.tmp}: hidden, so never mistaken for a charm or a state file), which is
 * fsynced, renamed over the target, and the directory fsynced. A reader, or a process restarted after a
 * crash, sees the old content or the new, never a torn file. Each write has its own temp file, so two
 * writers of one file (an outgoing and an incoming component during a bundle update) each rename a
 * whole file.
 */
public final class AtomicFiles {
    /** A temp file younger than this may be a write in flight, so {@link #sweepStaleTemps} keeps it. */
    public static final Duration STALE_TEMP_AGE = Duration.ofMinutes(1);
    private static final Logger LOG = LoggerFactory.getLogger(AtomicFiles.class);
    /** Every file written here is its owner's only: agents keep credentials and units' state in them. */
    private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));

    /** What writes a file's content; it must not close the stream. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private AtomicFiles() {
    }

    /** Replaces {@code target} with {@code content}, creating its directory if needed. */
    public static void write(Path target, byte[] content) throws IOException {
        write(target, out -> out.write(content));
    }

    /** Replaces {@code target} with what {@code content} writes, creating its directory if needed. */
    public static void write(Path target, Content content) throws IOException {
        Path dir = directoryOf(target);
        Path temp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp", OWNER_ONLY);
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                OutputStream out = Channels.newOutputStream(channel);
                content.writeTo(out);
                out.flush();
                channel.force(true);
            }
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp); // gone already when the rename happened
        }
        syncDirectory(dir);
    }

    /** Appends one line (a newline added) and fsyncs it: on disk when this returns. A new file is owner-only. */
    public static void appendLine(Path target, String line) throws IOException {
        directoryOf(target);
        try (FileChannel out = FileChannel.open(target, Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND), OWNER_ONLY)) {
            ByteBuffer buffer = ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8));
            while (buffer.hasRemaining()) {
                out.write(buffer);
            }
            out.force(true);
        }
    }

    /**
     * Appends {@code bytes} to {@code target}, which must exist, and fsyncs the data: on disk when this
     * returns. A kill during the call may leave a prefix of {@code bytes} at the end of the file, so a
     * reader must recognize an incomplete last record (a journal's checksum). Appending costs far less
     * than {@link #write}: no new inode, no rename, no fsync of the directory.
     *
     * @throws java.nio.file.NoSuchFileException when {@code target} does not exist: it is not created
     * @since 1.1
     */
    public static void append(Path target, byte[] bytes) throws IOException {
        try (FileChannel out = FileChannel.open(target, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                out.write(buffer);
            }
            out.force(false); // the data and the size that makes it readable; not the modification time
        }
    }

    /**
     * Creates {@code file} empty and owner-only ({@code 0600}), and its directory, unless it exists: a log
     * that a process is then given to append to.
     *
     * @since 1.5
     */
    public static void createOwnerOnly(Path file) throws IOException {
        directoryOf(file);
        try {
            Files.createFile(file, OWNER_ONLY);
        } catch (java.nio.file.FileAlreadyExistsException e) {
            // kept as it is: appended to
        }
    }

    /**
     * Makes a rename in {@code dir} durable. Some file systems refuse to open or fsync a directory; the
     * rename is then as durable as they make it.
     */
    public static void syncDirectory(Path dir) {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            LOG.debug("no fsync of directory {}: {}", dir, e.getMessage());
        }
    }

    /**
     * Removes, under {@code dir} at any depth, the temp files of writes that a kill interrupted between
     * creating and renaming them (older than {@link #STALE_TEMP_AGE} at {@code now}, the system clock's
     * time, as file times are). Nothing ever reads them; they would only pile up, one per kill.
     *
     * @return how many were removed; failures are logged, not thrown (they are litter, not state)
     */
    public static int sweepStaleTemps(Path dir, Instant now) {
        return sweepStaleTemps(dir, Integer.MAX_VALUE, now);
    }

    /**
     * As {@link #sweepStaleTemps(Path, Instant)}, looking no deeper than {@code maxDepth} under {@code dir}
     * (1: its own entries only), for a directory whose subdirectories belong to another process.
     */
    public static int sweepStaleTemps(Path dir, int maxDepth, Instant now) {
        if (maxDepth < 1) {
            throw new IllegalArgumentException("maxDepth must be at least 1, not " + maxDepth);
        }
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        Instant cutoff = now.minus(STALE_TEMP_AGE);
        List<Path> stale;
        try (Stream<Path> found = Files.find(dir, maxDepth, (path, attrs) -> isStaleTemp(path, attrs, cutoff))) {
            stale = found.toList();
        } catch (IOException | UncheckedIOException e) {
            LOG.warn("could not look for stale temp files under {}: {}", dir, e.getMessage());
            return 0;
        }
        int removed = 0;
        for (Path file : stale) {
            try {
                removed += Files.deleteIfExists(file) ? 1 : 0;
            } catch (IOException e) {
                LOG.warn("could not remove stale temp file {}: {}", file, e.getMessage());
            }
        }
        if (removed > 0) {
            LOG.info("removed {} temp file(s) left under {} by interrupted writes", removed, dir);
        }
        return removed;
    }

    private static boolean isStaleTemp(Path path, BasicFileAttributes attrs, Instant cutoff) {
        String name = path.getFileName().toString();
        return attrs.isRegularFile() && name.startsWith(".") && name.endsWith(".tmp")
                && attrs.lastModifiedTime().toInstant().isBefore(cutoff);
    }

    private static Path directoryOf(Path target) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        if (!Files.isDirectory(dir)) { // createDirectories alone throws and catches an exception when it exists
            Files.createDirectories(dir);
        }
        return dir;
    }
}
