package jujube.process;

import jujube.process.spawn.ProcessSpawner;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Runs child processes to their end, each leading a session and process group of its own: its output
 * carried line by line to a {@link ProcessOutput} within the {@link OutputLimits}, its processes counted
 * against its group's process limit, its whole group killed when it runs past its timeout, passes a limit
 * or the calling thread is interrupted. The process's own end is what {@link #run} waits for: children it
 * left running that still hold its output get the runner's output grace, then lose the output. Safe for
 * many threads at once; obtained from {@link ProcessRunners#open}, closed by its owner.
 */
@ProviderType
public interface ProcessRunner extends AutoCloseable {

    /**
     * Starts {@code spec} with {@code spawner} and waits for its end.
     *
     * @throws InterruptedException when interrupted meanwhile: the process's group was killed
     */
    ProcessOutcome run(ProcessSpec spec, ProcessSpawner spawner, ProcessOutput output) throws InterruptedException;

    /**
     * Ends the runner's threads, removes what it made ahead and the cgroups no process is left in; processes
     * still running are not waited for.
     */
    @Override
    void close();
}
