package jujube.hooks.internal;

/**
 * How much of one hook's output the invoker passes on, and how much it reads at all. A line is passed on
 * up to {@code maxLineBytes} (the rest of it counted and dropped, so an endless line never grows the
 * agent's heap); of a hook's lines (both streams together) the first {@code maxLines} are passed on (to the
 * agent's log, the debug log, a {@code jujube run} answer), the rest counted and dropped with one note at
 * the end; past {@code maxBytes} in all, the hook is killed: reading an endless stream, even only to drop
 * it, would keep one of the machine's cores busy.
 *
 * @param maxLines 0: no limit
 * @param maxLineBytes at least 1
 * @param maxBytes 0: no limit
 */
record OutputLimits(int maxLines, int maxLineBytes, long maxBytes) {
    static final int DEFAULT_MAX_LINES = 1000;
    static final int DEFAULT_MAX_LINE_BYTES = 4096;
    static final long DEFAULT_MAX_BYTES = 64L << 20;

    OutputLimits {
        if (maxLines < 0 || maxLineBytes < 1 || maxBytes < 0) {
            throw new IllegalArgumentException("jujube.hooks.invoker: maxOutputLines and maxOutputBytes must be 0 (no "
                    + "limit) or more and maxOutputLineBytes 1 or more, got " + maxLines + ", " + maxBytes + " and "
                    + maxLineBytes);
        }
    }

    static OutputLimits defaults() {
        return new OutputLimits(DEFAULT_MAX_LINES, DEFAULT_MAX_LINE_BYTES, DEFAULT_MAX_BYTES);
    }

    /** {@code maxBytes} as an operator reads it: {@code 64 MiB}, or a count of bytes. */
    String describeMaxBytes() {
        return maxBytes % (1 << 20) == 0 ? (maxBytes >> 20) + " MiB" : maxBytes + " bytes";
    }
}
