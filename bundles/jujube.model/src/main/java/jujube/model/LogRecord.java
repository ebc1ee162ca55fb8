package jujube.model;

import java.time.Instant;
import java.util.Objects;

/**
 * One record of the environment's debug log, as an agent writes it and as a reader gets it back.
 *
 * <p>A record is always safe to print as one line of bounded length: its constructor escapes every
 * control character ({@code \n}, {@code \r}, {@code \t}, {@code \xNN}), and the Unicode line and
 * paragraph separators and bidirectional overrides (a backslash, {@code u} and four hex digits), so that
 * text a hook wrote cannot forge other records' lines or reorder a terminal's output; and it cuts the
 * message past {@link #MAX_MESSAGE_CHARS} (the other fields past {@link #MAX_FIELD_CHARS}), saying so.
 * The fields are therefore what was given only when it was plain, short text.
 *
 * @param unit the agent that logged it: a unit ({@code mysql/0}) or a machine agent ({@code machine-0})
 * @param channel what in the agent logged it, as the original juju named its loggers: {@code hook.output}
 *     (a hook's output), {@code unit.hook.api} ({@code juju-log}), {@code unit.hook} (a hook's start and
 *     result), {@code unit.workflow}, {@code unit.agent}; empty when unknown
 * @param level {@code DEBUG}, {@code INFO}, {@code WARNING}, {@code ERROR} or {@code CRITICAL}
 * @param message the message
 * @param timestamp when it was logged
 */
public record LogRecord(String unit, String channel, String level, String message, Instant timestamp) {
    /** The longest message kept whole, in chars (after escaping). */
    public static final int MAX_MESSAGE_CHARS = 2000;
    /** The longest unit, channel or level kept whole, in chars (after escaping). */
    public static final int MAX_FIELD_CHARS = 100;

    public LogRecord {
        unit = LogText.line(Objects.requireNonNull(unit, "unit"), MAX_FIELD_CHARS);
        channel = LogText.line(Objects.requireNonNull(channel, "channel"), MAX_FIELD_CHARS);
        level = LogText.line(Objects.requireNonNull(level, "level"), MAX_FIELD_CHARS);
        message = LogText.line(Objects.requireNonNull(message, "message"), MAX_MESSAGE_CHARS);
        Objects.requireNonNull(timestamp, "timestamp");
    }

    /** A record of no particular channel. */
    public LogRecord(String unit, String level, String message, Instant timestamp) {
        this(unit, "", level, message, timestamp);
    }
}
