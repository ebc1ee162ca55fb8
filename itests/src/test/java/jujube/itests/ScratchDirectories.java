package jujube.itests;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import jujube.provider.local.ContainerHost;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * The directories a test class runs environments in. They are made under {@code /tmp}, not in the build
 * directory, because the agents open unix sockets inside them and a socket's path must stay short. After
 * the class, when all its tests passed, whatever still runs from them (agents, hooks) is killed and
 * waited for, and they are removed: an environment with its ZooKeeper data is tens of megabytes, and every
 * run of the suite left a dozen. When a test failed they are kept for a look, and their paths printed.
 * Removal is best effort: what cannot be removed is reported, never turned into a failure.
 * Register with {@code @RegisterExtension static final ScratchDirectories SCRATCH = new ScratchDirectories();}.
 */
final class ScratchDirectories implements TestWatcher, AfterAllCallback {
    private final List<Path> made = new CopyOnWriteArrayList<>();
    private volatile boolean failed;

    /** A new empty directory under /tmp, named {@code prefix} and a random number. */
    Path make(String prefix) throws IOException {
        Path dir = Files.createTempDirectory(Path.of("/tmp"), prefix);
        made.add(dir);
        return dir;
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        failed = true;
    }

    @Override
    public void testAborted(ExtensionContext context, Throwable cause) {
        failed = true;
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (failed || context.getExecutionException().isPresent()) {
            made.forEach(dir -> System.err.println("kept after a failure: " + dir));
            return;
        }
        for (Path dir : made) {
            stopProcessesOf(dir);
            releaseContainerMounts(dir);
            remove(dir);
        }
    }

    private static void stopProcessesOf(Path dir) {
        List<ProcessHandle> running = Distribution.processesMentioning(dir);
        running.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle p : running) {
            try {
                p.onExit().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                System.err.println("process " + p.pid() + " of " + dir + " did not exit: " + e);
            }
        }
    }

    /** The machines' disks of each environment under {@code dir}, which are mounted outside it. */
    private static void releaseContainerMounts(Path dir) {
        if (!Files.isDirectory(dir)) {
            return; // a test removed it itself
        }
        try (var found = Files.find(dir, 4, (p, a) -> p.getFileName().toString().equals("environment.yaml"))) {
            for (Path file : found.toList()) {
                ContainerHost.release(file.getParent());
            }
        } catch (IOException e) {
            System.err.println("could not release the container mounts of " + dir + ": " + e);
        }
    }

    private static void remove(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.delete(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                    Files.delete(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            System.err.println("could not remove " + dir + ": " + e);
        }
    }
}
