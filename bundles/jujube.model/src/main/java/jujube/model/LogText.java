package jujube.model;

/**
 * Any text made one bounded, printable line: every control character, line separator and bidi
 * override written as an escape, and the text cut, with a note, past a length. What {@link LogRecord}
 * does to what it is given, and what every log line built from a hook's input needs, so that a hook
 * can neither forge a line nor drive the terminal of whoever reads the log.
 */
public final class LogText {
    private LogText() {}

    /** Room kept for the note a cut text ends with, so that a cut text is short enough to be kept as is. */
    private static final int NOTE_CHARS = 60;

    /**
     * {@code text} escaped, and cut when longer than {@code maxChars}; idempotent (a line given again
     * comes back unchanged), so a record read back from ZooKeeper equals the record written.
     */
    public static String line(String text, int maxChars) {
        if (text.length() <= maxChars && isPlain(text)) {
            return text; // the common case: nothing to copy
        }
        String whole = escaped(text, maxChars);
        if (whole != null) {
            return whole;
        }
        StringBuilder out = new StringBuilder(maxChars);
        int budget = maxChars - NOTE_CHARS;
        int i = 0;
        while (i < text.length()) {
            int cp = text.codePointAt(i);
            String escape = escape(cp);
            int added = escape == null ? Character.charCount(cp) : escape.length();
            if (out.length() + added > budget) {
                break; // at a whole character or escape, never inside one
            }
            if (escape == null) {
                out.appendCodePoint(cp);
            } else {
                out.append(escape);
            }
            i += Character.charCount(cp);
        }
        return out.append(" ... (cut: ").append(text.length() - i).append(" of ").append(text.length())
                .append(" chars dropped)").toString();
    }

    /** {@code text} escaped, or null when that is longer than {@code maxChars}. */
    private static String escaped(String text, int maxChars) {
        StringBuilder out = new StringBuilder(Math.min(text.length(), maxChars) + 16);
        for (int i = 0; i < text.length(); i += Character.charCount(text.codePointAt(i))) {
            int cp = text.codePointAt(i);
            String escape = escape(cp);
            if (escape == null) {
                out.appendCodePoint(cp);
            } else {
                out.append(escape);
            }
            if (out.length() > maxChars) {
                return null;
            }
        }
        return out.toString();
    }

    private static boolean isPlain(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c >= 0x7f && (c < 0xa0 || c >= 0x2000)) {
                // cheap pre-filter; the exact test is escape()
                if (escape(text.codePointAt(i)) != null) {
                    return false;
                }
                if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                    i++;
                }
            }
        }
        return true;
    }

    /** The escape of a code point that must not reach a terminal as is, null for one that may. */
    private static String escape(int cp) {
        switch (cp) {
            case '\n':
                return "\\n";
            case '\r':
                return "\\r";
            case '\t':
                return "\\t";
            default:
                break;
        }
        if (cp < 0x20 || cp >= 0x7f && cp < 0xa0) {
            return String.format("\\x%02x", cp); // C0 controls (ESC included), DEL, C1 controls
        }
        if (cp == 0x2028 || cp == 0x2029 // line and paragraph separators
                || cp >= 0x202a && cp <= 0x202e || cp >= 0x2066 && cp <= 0x2069 // bidi embeddings, overrides, isolates
                || cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE) { // a lone surrogate
            return String.format("\\u%04x", cp);
        }
        return null;
    }
}
