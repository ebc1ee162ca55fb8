package jujube.process;

/**
 * How much of one process's output a {@link ProcessRunner} passes on, and how much it reads at all. A line
 * is passed on up to {@code maxLineBytes} (the rest of it counted and dropped, so an endless line never
 * grows the agent's heap); of a process's lines (both streams together) the first {@code maxLines} are
 * passed on, the rest counted and dropped with one note at the end; past {@code maxBytes} in all, the
 * process is killed ({@link ProcessOutcome.OutputLimitPassed}): reading an endless stream, even only to
 * drop it, would keep one of the machine's cores busy.
 *
 * @param maxLines 0: no limit
 * @param maxLineBytes at least 1
 * @param maxBytes 0: no limit
 */
public record OutputLimits(int maxLines, int maxLineBytes, long maxBytes) {
    public static final int DEFAULT_MAX_LINES = 1000;
    public static final int DEFAULT_MAX_LINE_BYTES = 4096;
    public static final long DEFAULT_MAX_BYTES = 64L << 20;

    public OutputLimits {
        if (maxLines < 0 || maxLineBytes < 1 || maxBytes < 0) {
            throw new IllegalArgumentException("output limits: lines and bytes must be 0 (no limit) or more and the "
                    + "line length 1 or more, got " + maxLines + " lines, " + maxBytes + " bytes and lines of "
                    + maxLineBytes + " bytes");
        }
    }

    public static OutputLimits defaults() {
        return new OutputLimits(DEFAULT_MAX_LINES, DEFAULT_MAX_LINE_BYTES, DEFAULT_MAX_BYTES);
    }

    /** A count of bytes as an operator reads it: {@code 64 MiB}, or a count of bytes. */
    public static String describeBytes(long bytes) {
        return bytes % (1 << 20) == 0 ? (bytes >> 20) + " MiB" : bytes + " bytes";
    }
}
