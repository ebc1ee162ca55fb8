package jujube.workflow.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * The one way this bundle replaces a file: write a temporary file beside it, fsync it, rename it over
 * the target, fsync the directory. A reader (or a process restarted after a crash) sees the old content
 * or the new one, never a mix, and a stale temporary file never shadows the target.
 */
final class AtomicFile {
    private AtomicFile() {}

    static void write(Path target, byte[] content) {
        Path dir = target.toAbsolutePath().getParent();
        Path temp = null;
        try {
            if (!Files.isDirectory(dir)) { // createDirectories alone throws and catches when it exists
                Files.createDirectories(dir);
            }
            temp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
            try (FileChannel out = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(content);
                while (buffer.hasRemaining()) {
                    out.write(buffer);
                }
                out.force(true);
            }
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            temp = null;
            syncDirectory(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + target, e);
        } finally {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // the write already failed; that failure is the one to report
                }
            }
        }
    }

    /** Appends one line and fsyncs it: the history must hold every step that was stored. */
    static void appendLine(Path target, String line) {
        try {
            Path dir = target.toAbsolutePath().getParent();
            if (!Files.isDirectory(dir)) {
                Files.createDirectories(dir);
            }
            try (FileChannel out = FileChannel.open(target, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.APPEND)) {
                ByteBuffer buffer = ByteBuffer.wrap((line + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
                while (buffer.hasRemaining()) {
                    out.write(buffer);
                }
                out.force(true);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not append to " + target, e);
        }
    }

    private static void syncDirectory(Path dir) throws IOException {
        // the rename is only durable once the directory entry is; Linux allows fsync on a directory
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            if (!System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).startsWith("windows")) {
                throw e;
            }
        }
    }
}
