package jujube.charm.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes a file so that readers see either nothing or the whole of it, even across a crash: a temp file
 * beside the target, fsync, rename, fsync of the directory.
 */
public final class AtomicFiles {

    /** What writes the content; it must not close the stream. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private AtomicFiles() {}

    public static void write(Path target, Content content) throws IOException {
        Path directory = target.toAbsolutePath().getParent();
        // a hidden name, so a half-written temp file is never mistaken for a charm or an archive
        Path temp = Files.createTempFile(directory, "." + target.getFileName(), ".tmp");
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                OutputStream out = Channels.newOutputStream(channel);
                content.writeTo(out);
                out.flush();
                channel.force(true);
            }
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
        syncDirectory(directory);
    }

    /** Makes a rename in {@code directory} durable; a no-op where the platform cannot open directories. */
    public static void syncDirectory(Path directory) {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            // some platforms and file systems refuse to open or sync a directory; the rename itself stands
        }
    }
}
