package jujube.cli.internal;

import java.util.Map;
import java.util.TreeMap;
import jujube.cli.CliException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code jujube get-env [KEY]}: prints the environment's configuration, one {@code key: value} a line in
 * key order, or the value of {@code KEY} alone.
 */
@Command(name = "get-env", description = "Show the environment's configuration, or one key's value.")
public final class GetEnvCommand extends SessionCommand {
    @Parameters(arity = "0..1", paramLabel = "KEY")
    String key;

    @Override
    int run(EnvironmentSession session) {
        Map<String, Object> config = new TreeMap<>(session.state().environmentConfig().get());
        if (key != null) {
            if (!config.containsKey(key)) {
                throw new CliException("get-env: the environment has no key '" + key + "'");
            }
            out().println(config.get(key));
            return 0;
        }
        config.forEach((k, v) -> out().println(k + ": " + v));
        return 0;
    }
}
