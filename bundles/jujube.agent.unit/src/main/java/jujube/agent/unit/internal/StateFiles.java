package jujube.agent.unit.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * The one way this bundle writes its own small files under {@code state/}: temp file, fsync, rename,
 * fsync of the directory, so a crash leaves either the old content or the new, never a torn file.
 */
final class StateFiles {
    private StateFiles() {
    }

    static void write(Path file, byte[] content) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (!Files.isDirectory(dir)) { // createDirectories alone throws and catches an exception when it exists
            Files.createDirectories(dir);
        }
        // a temp file of its own per write: two writers of one file (an old and a new component instance
        // during a bundle update) each rename a whole file, never one torn by the other
        Path temp = Files.createTempFile(dir, "." + file.getFileName() + ".", ".tmp");
        try {
            try (FileChannel out = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(content);
                while (buffer.hasRemaining()) {
                    out.write(buffer);
                }
                out.force(true);
            }
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true); // the rename is durable only once the directory entry is
        } catch (IOException e) {
            // some file systems refuse to open a directory for fsync; the rename is then as durable as they allow
        }
    }
}
