package jujube.hooks.tools;

import java.util.Locale;
import java.util.Optional;

/** The levels {@code juju-log -l} accepts, as Python's logging names and numbers them. */
public enum LogLevel {
    DEBUG(10), INFO(20), WARNING(30), ERROR(40), CRITICAL(50);

    private final int number;

    LogLevel(int number) {
        this.number = number;
    }

    /** Python's number for the level ({@code logging.INFO} is 20). */
    public int number() {
        return number;
    }

    /**
     * Parses a level as the original's {@code juju-log -l} did: a name in any case ({@code WARN} for
     * {@link #WARNING}, {@code NOTSET} for the lowest), or a number of Python's logging, which becomes
     * the highest level at or below it ({@code 25} is INFO, {@code 0} and {@code 5} are DEBUG).
     */
    public static Optional<LogLevel> parse(String text) {
        String upper = text.toUpperCase(Locale.ROOT);
        if (!upper.isEmpty() && upper.chars().allMatch(c -> c >= '0' && c <= '9')) {
            // more digits than an int holds are still a level: the highest
            return Optional.of(upper.length() > 9 ? CRITICAL : ofNumber(Integer.parseInt(upper)));
        }
        if (upper.equals("WARN")) {
            return Optional.of(WARNING);
        }
        if (upper.equals("NOTSET")) {
            return Optional.of(DEBUG);
        }
        for (LogLevel level : values()) {
            if (level.name().equals(upper)) {
                return Optional.of(level);
            }
        }
        return Optional.empty();
    }

    /** The highest level whose {@link #number} is at or below {@code number}; DEBUG below 10. */
    public static LogLevel ofNumber(int number) {
        LogLevel found = DEBUG;
        for (LogLevel level : values()) {
            if (level.number <= number) {
                found = level;
            }
        }
        return found;
    }
}
