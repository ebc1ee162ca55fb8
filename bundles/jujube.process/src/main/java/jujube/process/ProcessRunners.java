package jujube.process;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Opens {@link ProcessRunner}s: a service. Each runner owns its reader threads, its named pipes and, when
 * its settings limit processes, a cgroup directory of this agent's; its owner closes it.
 */
@ProviderType
public interface ProcessRunners {

    /**
     * A runner with these settings. Where a process limit is asked for but no cgroup hierarchy can be used,
     * the runner runs processes without it and says so once in the log, with why.
     */
    ProcessRunner open(RunnerSettings settings);
}
