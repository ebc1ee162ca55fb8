package jujube.cli.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import jujube.cli.CliException;
import jujube.state.EnvironmentConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code jujube set-env key=value ...}: changes the environment's configuration ({@code /environment}),
 * which every agent reads; {@code key=} removes the key. {@code true}/{@code false} are stored as
 * booleans, whole numbers as numbers, anything else as a string. Every assignment is checked before any
 * is written: keys are those of {@link EnvironmentConfig#KNOWN_KEYS} (an unknown key is refused with the
 * list of known ones; one the node holds already may still be unset), values one line of at most
 * {@link #MAX_VALUE_LENGTH} characters (the proxy keys reach every hook's environment, where a longer
 * value would fail the hook's start), {@code automatically-retry-hooks} is true or false, and
 * {@code update-status-hook-interval} a duration from 1s to 1h ({@code 5m}). Prints each key's new value
 * and what it was.
 */
@Command(name = "set-env", description = "Set the environment's configuration (key=value; key= unsets).")
public final class SetEnvCommand extends SessionCommand {
    static final int MAX_KEY_LENGTH = 64;
    static final int MAX_VALUE_LENGTH = 4096;
    private static final Pattern KEY = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");

    @Parameters(arity = "1..*", paramLabel = "KEY=VALUE")
    List<String> assignments;

    @Override
    int run(EnvironmentSession session) {
        apply(session, assignments, out());
        return 0;
    }

    /**
     * Checks every {@code key=value} word, then writes them all at once and prints a line for each key:
     * its new value and what it was.
     */
    static void apply(EnvironmentSession session, List<String> assignments, java.io.PrintWriter out) {
        Map<String, Object> changes = changes(assignments, session.state().environmentConfig().get().keySet());
        Map<String, Object> before = session.state().environmentConfig().change(changes);
        changes.forEach((key, value) -> out.println(changed(key, before.get(key), value)));
        out.flush();
    }

    /** {@code key: new (was old)}, or {@code key: value (unchanged)}. */
    static String changed(String key, Object was, Object now) {
        if (java.util.Objects.equals(was, now)) {
            return key + ": " + (now == null ? "unset" : now) + " (unchanged)";
        }
        return key + ": " + (now == null ? "unset" : now) + " (was " + (was == null ? "unset" : was) + ")";
    }

    /**
     * The changes {@code key=value} words ask for, every one checked ({@code key=} unsets the key). Only
     * {@link EnvironmentConfig#KNOWN_KEYS} may be set; a key outside them may be unset while it is one of
     * {@code present} (written by hand or by an older version).
     */
    static Map<String, Object> changes(List<String> assignments, java.util.Set<String> present) {
        Map<String, Object> changes = new LinkedHashMap<>();
        for (String assignment : assignments) {
            int eq = assignment.indexOf('=');
            if (eq <= 0) {
                throw new CliException("set-env: '" + shown(assignment) + "' is not of the form key=value");
            }
            String key = checkedKey(assignment.substring(0, eq));
            String text = assignment.substring(eq + 1);
            if (!EnvironmentConfig.KNOWN_KEYS.contains(key) && !(text.isEmpty() && present.contains(key))) {
                throw new CliException("set-env: unknown environment key '" + key + "' (known keys: "
                        + String.join(", ", EnvironmentConfig.KNOWN_KEYS) + ")");
            }
            changes.put(key, value(key, text));
        }
        return changes;
    }

    private static String checkedKey(String key) {
        if (key.length() > MAX_KEY_LENGTH) {
            throw new CliException("set-env: environment key '" + shown(key) + "' has " + key.length()
                    + " characters, more than the " + MAX_KEY_LENGTH + " a key may have");
        }
        if (!KEY.matcher(key).matches()) {
            throw new CliException("set-env: invalid environment key '" + shown(key) + "': lower-case words joined by '-'");
        }
        if (EnvironmentConfig.READ_ONLY.contains(key)) {
            throw new CliException("set-env: environment key '" + key + "' is read-only");
        }
        return key;
    }

    private static Object value(String key, String text) {
        if (text.length() > MAX_VALUE_LENGTH) {
            throw new CliException("set-env: the value of '" + key + "' has " + text.length()
                    + " characters, more than the " + MAX_VALUE_LENGTH + " a value may have");
        }
        if (text.chars().anyMatch(Character::isISOControl)) {
            throw new CliException("set-env: the value of '" + key + "' holds control characters (a value is one line)");
        }
        Object value = value(text);
        if (value != null) {
            EnvironmentConfig.problemWith(key, value).ifPresent(problem -> {
                throw new CliException("set-env: " + key + ": " + problem);
            });
        }
        return value;
    }

    /** Input shown in a message: its start when it is long, control characters as {@code ?}. */
    private static String shown(String text) {
        String start = text.length() <= 64 ? text : text.substring(0, 64) + "...";
        return start.replaceAll("\\p{Cntrl}", "?");
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
