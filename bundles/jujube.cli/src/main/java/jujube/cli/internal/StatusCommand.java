package jujube.cli.internal;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jujube status [PATTERN...]}: machines and services with their agents' states. */
@Command(name = "status", description = "Show the environment's machines and services.")
public final class StatusCommand extends SessionCommand {
    @Option(names = "--format", defaultValue = "yaml", description = "Output format: ${COMPLETION-CANDIDATES}.")
    StatusFormat format;

    @Parameters(arity = "0..*", paramLabel = "PATTERN", description = "Glob patterns of service or unit names to show.")
    List<String> patterns = new ArrayList<>();

    @Override
    int run(EnvironmentSession session) {
        out().print(format.render(new StatusReport(session).build(new StatusFilter(patterns))));
        return 0;
    }
}
