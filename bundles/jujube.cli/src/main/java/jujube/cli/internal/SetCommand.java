package jujube.cli.internal;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jujube.cli.internal.EnvironmentSession.ServiceCharm;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jujube set SERVICE option=value... | --config FILE}: changes a service's options, all checked
 * against its charm before any is written.
 */
@Command(name = "set", description = "Set a service's options.")
public final class SetCommand extends SessionCommand {
    @Parameters(index = "0", paramLabel = "SERVICE")
    String service;

    @Parameters(index = "1..*", arity = "0..*", paramLabel = "OPTION=VALUE")
    List<String> assignments = List.of();

    @Option(names = "--config", paramLabel = "FILE", description = "YAML options file: {service: {option: value}}.")
    Path configFile;

    @Override
    int run(EnvironmentSession session) {
        if (configFile != null && !assignments.isEmpty()) {
            throw usage("set takes option=value pairs or --config FILE, not both");
        }
        if (configFile == null && assignments.isEmpty()) {
            throw usage("set needs option=value pairs or --config FILE");
        }
        ServiceCharm target = session.service(service);
        Map<String, Object> changes;
        if (configFile != null) {
            changes = ServiceConfigFile.read(configFile, service, target.config());
        } else {
            changes = target.config().coerceAll(assignments(this, assignments));
        }
        session.state().services().updateConfig(service, changes);
        out().printf("Set %s of service '%s'%n", String.join(", ", changes.keySet()), service);
        return 0;
    }

    /** {@code option=value} words as option and text, in order; anything else is a usage error. */
    static Map<String, String> assignments(SessionCommand command, List<String> words) {
        Map<String, String> texts = new LinkedHashMap<>();
        for (String a : words) {
            int eq = a.indexOf('=');
            if (eq <= 0) {
                throw command.usage("invalid option assignment '" + a + "': expected option=value");
            }
            texts.put(a.substring(0, eq), a.substring(eq + 1));
        }
        return texts;
    }
}
