package jujube.cli.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jujube.cli.internal.EnvironmentSession.ServiceCharm;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jujube config SERVICE [KEY | KEY=VALUE... ] [--reset KEY,...]}: juju 3's one command for a
 * service's options. No key shows them all as {@code get} does; a key alone prints its value (set, else the
 * default; nothing for an option with neither); assignments set options as {@code set} does, and
 * {@code --reset} returns options to their defaults, all checked before any is written and written at once.
 */
@Command(name = "config", description = "Show or change a service's options: get and set in one (juju 3).")
public final class ConfigCommand extends SessionCommand {
    @Parameters(index = "0", paramLabel = "SERVICE")
    String service;

    @Parameters(index = "1..*", arity = "0..*", paramLabel = "KEY[=VALUE]",
            description = "None: every option, as get shows them. KEY: its value. KEY=VALUE...: set them, as set does.")
    List<String> words = List.of();

    @Option(names = "--reset", split = ",", paramLabel = "KEY", description = "Return these options to their defaults.")
    List<String> reset = List.of();

    @Option(names = "--format", defaultValue = "yaml", description = "yaml or json, when showing every option.")
    StatusFormat format;

    @Override
    int run(EnvironmentSession session) {
        boolean assigning = words.stream().anyMatch(w -> w.contains("="));
        if (!assigning && reset.isEmpty()) {
            if (words.isEmpty()) {
                if (format != StatusFormat.yaml && format != StatusFormat.json) {
                    throw usage("config prints yaml or json, not " + format);
                }
                out().print(format.render(GetCommand.describe(session, service)));
                return 0;
            }
            if (words.size() > 1) {
                throw usage("config shows one option at a time; to set options, give KEY=VALUE");
            }
            Object value = GetCommand.value(session, service, words.get(0));
            out().println(value == null ? "" : value);
            return 0;
        }
        ServiceCharm target = session.service(service);
        Map<String, Object> changes = new LinkedHashMap<>(target.config().coerceAll(SetCommand.assignments(this, words)));
        for (String key : reset) {
            target.config().require(key);
            if (changes.containsKey(key)) {
                throw usage("option " + key + " is both set and reset");
            }
            changes.put(key, null);
        }
        session.state().services().updateConfig(service, changes);
        out().printf("Set %s of service '%s'%n", String.join(", ", changes.keySet()), service);
        return 0;
    }
}
