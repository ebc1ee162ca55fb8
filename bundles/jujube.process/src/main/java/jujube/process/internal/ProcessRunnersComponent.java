package jujube.process.internal;

import jujube.process.ProcessRunner;
import jujube.process.ProcessRunners;
import jujube.process.RunnerSettings;
import org.osgi.service.component.annotations.Component;

/** The {@link ProcessRunners} service: runners whose output travels through named pipes. */
@Component(service = ProcessRunners.class)
public final class ProcessRunnersComponent implements ProcessRunners {

    @Override
    public ProcessRunner open(RunnerSettings settings) {
        return new PipedProcessRunner(settings, ProcessLimits.start(settings.maxProcesses()));
    }
}
