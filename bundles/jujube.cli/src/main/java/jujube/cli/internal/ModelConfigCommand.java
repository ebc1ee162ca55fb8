package jujube.cli.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import jujube.cli.CliException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jujube model-config [KEY | KEY=VALUE...] [--reset KEY,...]}: juju 3's name for {@code get-env} and
 * {@code set-env}. No key prints every key, a key alone its value, assignments set keys with set-env's
 * checks, printing what changed; {@code --reset KEY} removes a key.
 */
@Command(name = "model-config", description = "Show or change the environment's configuration: get-env and set-env"
        + " in one (juju 3).")
public final class ModelConfigCommand extends SessionCommand {
    @Parameters(arity = "0..*", paramLabel = "KEY[=VALUE]",
            description = "None: every key, as get-env. KEY: its value. KEY=VALUE...: set them, as set-env does.")
    List<String> words = List.of();

    @Option(names = "--reset", split = ",", paramLabel = "KEY", description = "Remove these keys.")
    List<String> reset = List.of();

    @Override
    int run(EnvironmentSession session) {
        boolean assigning = words.stream().anyMatch(w -> w.contains("="));
        if (!assigning && reset.isEmpty()) {
            Map<String, Object> config = new TreeMap<>(session.state().environmentConfig().get());
            if (words.isEmpty()) {
                config.forEach((k, v) -> out().println(k + ": " + v));
                return 0;
            }
            if (words.size() > 1) {
                throw usage("model-config shows one key at a time; to set keys, give KEY=VALUE");
            }
            if (!config.containsKey(words.get(0))) {
                throw new CliException("model-config: the environment has no key '" + words.get(0) + "'");
            }
            out().println(config.get(words.get(0)));
            return 0;
        }
        List<String> assignments = new ArrayList<>(words);
        reset.forEach(key -> assignments.add(key + "="));
        SetEnvCommand.apply(session, assignments, out());
        return 0;
    }
}
