package jujube.state;

import java.time.Instant;
import java.util.Objects;

/**
 * One record of the environment's debug log, as an agent writes it.
 *
 * @param unit the unit (or agent) that logged it, {@code mysql/0} or {@code machine-0}
 * @param level {@code DEBUG}, {@code INFO}, {@code WARNING}, {@code ERROR} or {@code CRITICAL}
 * @param message the message
 * @param timestamp when it was logged
 */
public record LogRecord(String unit, String level, String message, Instant timestamp) {
    public LogRecord {
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(timestamp, "timestamp");
    }
}
