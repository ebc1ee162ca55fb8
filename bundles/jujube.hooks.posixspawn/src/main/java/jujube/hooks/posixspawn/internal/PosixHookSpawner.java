package jujube.hooks.posixspawn.internal;

import java.io.IOException;
import java.nio.file.Path;
import jujube.process.spawn.ProcessSpawner;
import jujube.process.spawn.SpawnRequest;
import jujube.process.spawn.SpawnedProcess;
import org.osgi.framework.Constants;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * The {@link ProcessSpawner} through {@code posix_spawn} ({@link PosixSpawn}), ranked above the JDK's. It
 * sets the new session itself, so the request's session leader is not run; it closes the agent's
 * descriptors with one {@code close_range}, where the JDK's child lists {@code /proc/self/fd}, entries the
 * kernel must free again when the hook is reaped. Together that took a quarter off a 2,500-hook relation's
 * convergence ({@code bench/e2e/RESULTS.md}, step 9). Disabled until {@link PosixSpawnProbe} has found
 * that this JVM, C library and kernel have every call it needs.
 */
@Component(enabled = false, service = ProcessSpawner.class, property = {Constants.SERVICE_RANKING + ":Integer=100",
        ProcessSpawner.KIND + "=" + ProcessSpawner.KIND_POSIX_SPAWN})
public final class PosixHookSpawner implements ProcessSpawner {
    private static final Path DEV_NULL = Path.of("/dev/null");
    private final PosixSpawn posix;

    /**
     * @throws UnsupportedOperationException when this JVM, C library or kernel lacks a call it needs
     */
    @Activate
    public PosixHookSpawner() {
        this(PosixSpawn.load());
    }

    PosixHookSpawner(PosixSpawn posix) {
        this.posix = posix;
    }

    @Override
    public SpawnedProcess start(SpawnRequest request) throws IOException, InterruptedException {
        int pid = posix.spawn(Path.of(request.command().get(0)), request.command(), request.environment(),
                request.directory(), DEV_NULL, request.stdout(), request.stderr());
        try {
            return new PosixProcess(posix, pid);
        } catch (IOException e) {
            // No pidfd (out of descriptors): do not leave a hook running that nobody waits for.
            posix.kill(pid, PosixSpawn.SIGKILL);
            while (posix.reap(pid).isEmpty()) {
                Thread.sleep(1);
            }
            throw e;
        }
    }

    @Override
    public String toString() {
        return "posix_spawn";
    }
}
