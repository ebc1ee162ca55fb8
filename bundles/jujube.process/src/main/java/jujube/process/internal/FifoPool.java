package jujube.process.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Named pipes made ahead, in batches: one {@code mkfifo} process creates {@link #BATCH} stdout/stderr
 * pairs in a private (0700) directory, instead of one {@code mkfifo} per process. The directory is made in
 * {@link #defaultParent()}: the shared-memory tmpfs when there is one, since creating and deleting
 * two inodes per hook on a disk file system was measured to cost more CPU than the hook itself (ext4's
 * inode allocator scans past recently deleted inodes: {@code bench/e2e/RESULTS.md}). Every pair is handed out once
 * and its names are deleted as soon as the process holds them open (see {@link OutputPipes}), so a child a
 * process left running holds a pipe that no later process can ever open: the pipes are for one use each,
 * only their creation is batched. Thread-safe.
 */
final class FifoPool implements AutoCloseable {
    /**
     * A stdout/stderr pair, and the directory that is removed when the last pair of its batch is deleted
     * ({@code batchLeft}, shared by the batch). {@link #delete} may be called more than once per pair.
     */
    record Pair(Path stdout, Path stderr, Path dir, AtomicInteger batchLeft, AtomicBoolean deleted) {
    }

    static final int BATCH = 64;
    private static final Logger LOG = LoggerFactory.getLogger(FifoPool.class);

    private final Path mkfifo;
    private final Path parent;
    private final Deque<Pair> ready = new ArrayDeque<>(); // guarded by this
    private boolean closed; // guarded by this
    private boolean swept; // guarded by this

    FifoPool(Path mkfifo) {
        this(mkfifo, defaultParent());
    }

    /** @param parent where the pool's private directories are made (and stale ones swept) */
    FifoPool(Path mkfifo, Path parent) {
        this.mkfifo = mkfifo;
        this.parent = parent;
    }

    /**
     * {@code /dev/shm} when it is a writable directory (a tmpfs on Linux: a pipe's name costs no disk
     * inode), else {@code java.io.tmpdir}. Pipes carry no data through their names, so memory is no cost.
     */
    static Path defaultParent() {
        Path shm = Path.of("/dev/shm");
        if (Files.isDirectory(shm) && Files.isWritable(shm)) {
            return shm;
        }
        return Path.of(System.getProperty("java.io.tmpdir"));
    }

    /** A fresh pair, never handed out before. */
    synchronized Pair take() throws IOException, InterruptedException {
        if (closed) {
            throw new IOException("output pipes closed");
        }
        if (ready.isEmpty()) {
            ready.addAll(makeBatch());
        }
        return ready.pollFirst();
    }

    /** Deletes the pairs not handed out. */
    @Override
    public void close() {
        List<Pair> left;
        synchronized (this) {
            closed = true;
            left = new ArrayList<>(ready);
            ready.clear();
        }
        left.forEach(FifoPool::delete);
    }

    /** Deletes a pair's names, and its directory once it is empty. */
    static void delete(Pair pair) {
        if (pair.deleted().getAndSet(true)) {
            return;
        }
        for (Path path : List.of(pair.stdout(), pair.stderr())) {
            try {
                Files.deleteIfExists(path);
            } catch (IOException e) {
                LOG.debug("could not delete {}", path, e);
            }
        }
        if (pair.batchLeft().decrementAndGet() > 0) {
            return; // other pairs of the batch are still waiting or in use: the last one removes it
        }
        try {
            Files.deleteIfExists(pair.dir());
        } catch (IOException e) {
            LOG.debug("could not delete {}", pair.dir(), e);
        }
    }

    private List<Pair> makeBatch() throws IOException, InterruptedException {
        if (!swept) {
            swept = true;
            sweepDeadOwners(parent);
        }
        // the owner's pid in the name lets a later process remove what a killed one left
        Path dir = Files.createTempDirectory(parent, "jujube-hook-" + ProcessHandle.current().pid() + "-",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        List<Pair> batch = new ArrayList<>(BATCH);
        List<String> command = new ArrayList<>(List.of(mkfifo.toString(), "-m", "600"));
        AtomicInteger left = new AtomicInteger(BATCH);
        for (int i = 0; i < BATCH; i++) {
            Pair pair = new Pair(dir.resolve(i + ".stdout"), dir.resolve(i + ".stderr"), dir, left, new AtomicBoolean());
            batch.add(pair);
            command.add(pair.stdout().toString());
            command.add(pair.stderr().toString());
        }
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String message = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (process.waitFor() != 0) {
            batch.forEach(FifoPool::delete);
            throw new IOException("mkfifo failed: " + message);
        }
        return batch;
    }

    /**
     * Removes the unused pipes of processes that died without closing their pool (kill -9, or a
     * test JVM that never shut its invoker down): directories named for a pid that no longer runs.
     */
    static void sweepDeadOwners(Path tmp) {
        try (var dirs = Files.newDirectoryStream(tmp, "jujube-hook-*-*")) {
            for (Path dir : dirs) {
                String[] parts = dir.getFileName().toString().split("-");
                long pid;
                try {
                    pid = Long.parseLong(parts[2]);
                } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
                    continue; // not one of ours
                }
                if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                    continue;
                }
                try (var pipes = Files.list(dir)) {
                    for (Path pipe : pipes.toList()) {
                        Files.deleteIfExists(pipe);
                    }
                    Files.deleteIfExists(dir);
                } catch (IOException e) {
                    LOG.debug("could not remove stale {}", dir, e);
                }
            }
        } catch (IOException e) {
            LOG.debug("could not sweep {} for stale output pipes", tmp, e);
        }
    }
}
