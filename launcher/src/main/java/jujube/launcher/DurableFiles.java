package jujube.launcher;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Whole-file writes that a crash or power loss leaves as the old file or the new one: a hidden temp
 * file beside the target, fsync, rename, fsync of the directory: the steps of {@code jujube.files}, kept
 * here because that bundle logs through SLF4J and the launcher's class path holds no logging library: the
 * agents' logging is Logback's, inside the framework, configured by the launcher.
 */
final class DurableFiles {
    private DurableFiles() {
    }

    static void write(Path target, byte[] bytes) throws IOException {
        Path tmp = tempFor(target);
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                ch.write(buffer);
            }
            ch.force(true);
        }
        moveOver(tmp, target);
    }

    static void copy(Path source, Path target) throws IOException {
        Path tmp = tempFor(target);
        Files.copy(source, tmp, StandardCopyOption.REPLACE_EXISTING);
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
            ch.force(true);
        }
        moveOver(tmp, target);
    }

    private static Path tempFor(Path target) {
        return target.resolveSibling("." + target.getFileName() + ".tmp");
    }

    private static void moveOver(Path tmp, Path target) throws IOException {
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        try (FileChannel dir = FileChannel.open(target.getParent(), StandardOpenOption.READ)) {
            dir.force(true);
        }
    }
}
