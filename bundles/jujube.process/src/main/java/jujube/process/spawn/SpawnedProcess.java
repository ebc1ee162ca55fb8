package jujube.process.spawn;

import java.time.Duration;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A process a {@link ProcessSpawner} started. Its exit value is the process's exit status, or 128 + N when
 * signal N killed it (as the JDK and a shell report it). Safe for use by many threads at once: one may
 * wait while another kills.
 */
@ProviderType
public interface SpawnedProcess {
    /** The process id, which is also its process group's and session's id. */
    long pid();

    /** Waits until the process has ended; returns its exit value. */
    int waitFor() throws InterruptedException;

    /** Waits at most {@code timeout} for the process to end; true once it has. */
    boolean waitFor(Duration timeout) throws InterruptedException;

    /**
     * The exit value.
     *
     * @throws IllegalThreadStateException while the process runs
     */
    int exitValue();

    /**
     * Sends SIGKILL to the process's group and to any of its descendants that left the group; never blocks
     * for long and returns without waiting for them to die. Does nothing to a process whose end was already
     * seen, whose pid may now be another's.
     */
    void killGroup();
}
