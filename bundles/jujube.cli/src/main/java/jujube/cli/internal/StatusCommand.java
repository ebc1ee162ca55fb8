package jujube.cli.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
        Map<String, Object> status = new StatusReport(session).build(new StatusFilter(patterns));
        versionSkew(status).ifPresent(err()::println);
        out().print(format.render(status));
        return 0;
    }

    /** The warning when this jujube is another version than the agents of the status report. */
    private static Optional<String> versionSkew(Map<String, Object> status) {
        Optional<String> controller = status.get("controller") instanceof Map<?, ?> c
                ? Optional.ofNullable((String) c.get("agent-version")) : Optional.empty();
        List<String> machines = new ArrayList<>();
        if (status.get("machines") instanceof Map<?, ?> all) {
            all.values().forEach(m -> {
                if (m instanceof Map<?, ?> machine && machine.get("agent-version") instanceof String v) {
                    machines.add(v);
                }
            });
        }
        return VersionSkew.warning(VersionSkew.cliVersion(), controller, machines);
    }
}
