package jujube.provider.local.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import jujube.files.AtomicFiles;

/**
 * Pid files of the environment's processes: written atomically ({@link AtomicFiles}), and trusted only
 * while the process's command line names the environment's directory, so that a pid reused by an
 * unrelated process is never taken for a machine.
 */
final class PidFiles {
    private final Path envDir;

    PidFiles(Path envDir) {
        this.envDir = envDir;
    }

    void write(Path file, long pid) throws IOException {
        AtomicFiles.write(file, (pid + "\n").getBytes(StandardCharsets.US_ASCII));
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
