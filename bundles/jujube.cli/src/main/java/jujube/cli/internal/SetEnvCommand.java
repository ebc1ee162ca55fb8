package jujube.cli.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jujube.cli.CliException;
import jujube.state.EnvironmentConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code jujube set-env key=value ...}: changes the environment's configuration ({@code /environment}),
 * which every agent reads; {@code key=} removes the key. {@code true}/{@code false} are stored as
 * booleans, whole numbers as numbers, anything else as a string.
 */
@Command(name = "set-env", description = "Set the environment's configuration (key=value; key= unsets).")
public final class SetEnvCommand extends SessionCommand {
    @Parameters(arity = "1..*", paramLabel = "KEY=VALUE")
    List<String> assignments;

    @Override
    int run(EnvironmentSession session) {
        Map<String, Object> changes = new LinkedHashMap<>();
        for (String assignment : assignments) {
            int eq = assignment.indexOf('=');
            if (eq <= 0) {
                throw new CliException("set-env: '" + assignment + "' is not of the form key=value");
            }
            String key = assignment.substring(0, eq);
            if (EnvironmentConfig.READ_ONLY.contains(key)) {
                throw new CliException("set-env: environment key '" + key + "' is read-only");
            }
            changes.put(key, value(assignment.substring(eq + 1)));
        }
        session.state().environmentConfig().set(changes);
        return 0;
    }

    private static Object value(String text) {
        if (text.isEmpty()) {
            return null;
        }
        if (text.equals("true") || text.equals("false")) {
            return Boolean.valueOf(text);
        }
        if (text.matches("-?[0-9]{1,18}")) {
            return Long.valueOf(text);
        }
        return text;
    }
}
