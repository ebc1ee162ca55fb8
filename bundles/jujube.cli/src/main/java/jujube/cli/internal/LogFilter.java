package jujube.cli.internal;

import java.util.List;
import java.util.Locale;
import jujube.state.LogRecord;

/**
 * Which debug-log records an operator wants: at least {@code level}, from the included units or services
 * (all when none is named), except the excluded ones. A name matches a unit ({@code mysql/0}) or
 * every unit of a service ({@code mysql}).
 */
record LogFilter(List<String> include, List<String> exclude, Level level) {
    /** The log levels, least severe first. */
    enum Level {
        DEBUG, INFO, WARNING, ERROR, CRITICAL;

        /** The level of a record; an unknown level counts as INFO so that it is not hidden by default. */
        static Level of(String text) {
            try {
                return valueOf(text.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                return INFO;
            }
        }
    }

    LogFilter {
        include = List.copyOf(include);
        exclude = List.copyOf(exclude);
    }

    boolean accepts(LogRecord record) {
        return Level.of(record.level()).compareTo(level) >= 0
                && (include.isEmpty() || include.stream().anyMatch(n -> matches(n, record.unit())))
                && exclude.stream().noneMatch(n -> matches(n, record.unit()));
    }

    private static boolean matches(String name, String unit) {
        return unit.equals(name) || unit.startsWith(name + "/");
    }
}
