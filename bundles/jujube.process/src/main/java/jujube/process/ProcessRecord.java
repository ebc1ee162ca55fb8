package jujube.process;

import java.nio.file.Path;
import java.time.Duration;
import jujube.files.CorruptFileException;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A file saying which process of one owner runs now, for the owner's successor after a crash: a process
 * that leads its own session outlives an agent killed with {@code kill -9}, and the next agent must not
 * start another beside it. It records the pid with the process's start time (so that a pid reused by
 * another process is told apart), a name for log lines, when it started and its timeout; an absent or
 * blank file records nothing. Written in place, in one write of less than a page, never fsynced: it guards
 * against a killed agent, whose writes the kernel keeps, and a power loss ends the process too.
 */
@ProviderType
public interface ProcessRecord {

    /** The file. */
    Path file();

    /**
     * Records the process. One that has ended (and was reaped) already, or whose pid names a process that is
     * not this JVM's child (reused in between), is not recorded: it cannot outlive the agent.
     *
     * @throws java.io.UncheckedIOException when the file cannot be written
     */
    void started(String name, long pid, Duration timeout);

    /** The process ended, or was never started: the file records nothing. */
    void ended();

    /**
     * Waits until the process an earlier agent recorded has ended, killing its process group once its timeout
     * is past, then removes the file. Returns at once when nothing is recorded, or the recorded process is gone
     * or another by now.
     *
     * @throws InterruptedException when interrupted meanwhile: the file stays for the next agent
     * @throws CorruptFileException when the file is not a valid record (and not one the machine's last boot
     *     cut, which is dropped): whether the process still runs cannot be told, so the file stays for the
     *     operator
     */
    default void awaitOrphan() throws InterruptedException, CorruptFileException {
        awaitOrphan(process -> { });
    }

    /**
     * As {@link #awaitOrphan()}, first telling {@code waiting} which process it waits for, when it waits at all:
     * so that the owner can say why it does nothing meanwhile.
     *
     * @since 1.1
     */
    void awaitOrphan(java.util.function.Consumer<RecordedProcess> waiting) throws InterruptedException,
            CorruptFileException;
}
