package jujube.hooks.tools;

import java.util.Locale;
import java.util.Optional;

/** The levels {@code juju-log -l} accepts, as Python's logging names them. */
public enum LogLevel {
    DEBUG, INFO, WARNING, ERROR, CRITICAL;

    /** Parses a level case-insensitively; {@code WARN} is accepted for {@link #WARNING}. */
    public static Optional<LogLevel> parse(String text) {
        String upper = text.toUpperCase(Locale.ROOT);
        if (upper.equals("WARN")) {
            return Optional.of(WARNING);
        }
        for (LogLevel level : values()) {
            if (level.name().equals(upper)) {
                return Optional.of(level);
            }
        }
        return Optional.empty();
    }
}
