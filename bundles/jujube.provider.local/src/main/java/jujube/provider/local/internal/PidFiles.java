package jujube.provider.local.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * Pid files of the environment's processes: written atomically (temp file, fsync, rename, fsync of the
 * directory), and trusted only while the process's command line names the environment's directory, so
 * that a pid reused by an unrelated process is never taken for a machine.
 */
final class PidFiles {
    private final Path envDir;

    PidFiles(Path envDir) {
        this.envDir = envDir;
    }

    void write(Path file, long pid) throws IOException {
        Path dir = Files.createDirectories(file.getParent());
        Path temp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp");
        try {
            try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                ch.write(ByteBuffer.wrap((pid + "\n").getBytes(StandardCharsets.US_ASCII)));
                ch.force(true);
            }
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temp);
        }
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            // not every file system lets a directory be synced; the rename stands
        }
    }

    /** The live process of this environment recorded in {@code file}, if any. */
    Optional<ProcessHandle> live(Path file) {
        try {
            long pid = Long.parseLong(Files.readString(file, StandardCharsets.US_ASCII).trim());
            return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).filter(this::ours);
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** Whether the process's command line names the environment's directory. */
    boolean ours(ProcessHandle p) {
        try {
            byte[] raw = Files.readAllBytes(Path.of("/proc", Long.toString(p.pid()), "cmdline"));
            return new String(raw, StandardCharsets.UTF_8).replace('\0', ' ').contains(envDir.toString());
        } catch (IOException e) {
            return false;
        }
    }
}
