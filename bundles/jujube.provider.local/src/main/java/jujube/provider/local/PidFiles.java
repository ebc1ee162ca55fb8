package jujube.provider.local;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import jujube.files.AtomicFiles;

/**
 * The pid files of a local environment's processes, {@code pids/<name>.pid} ({@link LocalLayout#pids}):
 * the provider's machines ({@code machine-N}) and the command line's controller and supervisors. Each is
 * written atomically ({@link AtomicFiles}) and trusted only while the process's command line names the
 * environment's directory, so that a pid reused by an unrelated process is never taken for one of them,
 * nor signalled.
 *
 * @since 2.2
 */
public final class PidFiles {
    private static final String SUFFIX = ".pid";
    private final Path envDir;
    private final Path dir;

    /** @param envDir the environment's directory */
    public PidFiles(Path envDir) {
        this.envDir = envDir;
        this.dir = LocalLayout.pids(envDir);
    }

    /** The directory of the pid files, which must exist before a process is started that records itself. */
    public Path dir() {
        return dir;
    }

    /** The pid file of the process recorded as {@code name}. */
    public Path file(String name) {
        return dir.resolve(name + SUFFIX);
    }

    /** Records {@code pid} in {@code file}, replacing what it held. */
    public void write(Path file, long pid) throws IOException {
        AtomicFiles.write(file, (pid + "\n").getBytes(StandardCharsets.US_ASCII));
    }

    /** The live process of this environment recorded in {@code file}, if any. */
    public Optional<ProcessHandle> live(Path file) {
        try {
            long pid = Long.parseLong(Files.readString(file, StandardCharsets.US_ASCII).trim());
            return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).filter(this::ours);
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** Whether a process was recorded in {@code file} and is no longer running. */
    public boolean recordedAndGone(Path file) {
        return Files.exists(file) && live(file).isEmpty();
    }

    /** The names of the processes recorded, running or not. */
    public List<String> names() throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(SUFFIX))
                    .map(n -> n.substring(0, n.length() - SUFFIX.length())).toList();
        }
    }

    /** Whether the process's command line names the environment's directory. */
    public boolean ours(ProcessHandle p) {
        try {
            byte[] raw = Files.readAllBytes(Path.of("/proc", Long.toString(p.pid()), "cmdline"));
            return new String(raw, StandardCharsets.UTF_8).replace('\0', ' ').contains(envDir.toString());
        } catch (IOException e) {
            return false;
        }
    }
}
