package jujube.cli.internal;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code jujube version}: prints {@code jujube <version>}, the version of the distribution it runs from
 * ({@link DistributionVersion}); when that is unknown, one line saying why, exit code 1.
 */
@Command(name = "version", description = "Show the version of this distribution of jujube.")
public final class VersionCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getOut().println("jujube " + DistributionVersion.of(Distribution.dir()));
        spec.commandLine().getOut().flush();
        return 0;
    }
}
