package jujube.hooks.internal;

/**
 * A charm's {@code juju-log} message made safe for a log record: every control character is written
 * as an escape ({@code \n}, {@code \r}, {@code \t}, {@code \x1b}, {@code \u0085}, {@code \u2028}), so that
 * a hook cannot start a line of its own choosing in the agent's log or drive the terminal of whoever
 * reads it. Backslashes are left as they are: the aim is one honest line, not a reversible encoding.
 */
final class CharmLogText {
    private CharmLogText() {
    }

    static String escape(String message) {
        StringBuilder text = null;
        for (int i = 0; i < message.length(); i++) {
            char c = message.charAt(i);
            String escape = escape(c);
            if (escape != null && text == null) {
                text = new StringBuilder(message.length() + 16).append(message, 0, i);
            }
            if (text != null) {
                if (escape != null) {
                    text.append(escape);
                } else {
                    text.append(c);
                }
            }
        }
        return text == null ? message : text.toString();
    }

    private static String escape(char c) {
        switch (c) {
            case '\n':
                return "\\n";
            case '\r':
                return "\\r";
            case '\t':
                return "\\t";
            default:
                if (c < 0x20 || c == 0x7f) {
                    return String.format("\\x%02x", (int) c);
                }
                // C1 controls (NEL, CSI...) and the Unicode line and paragraph separators
                if (c >= 0x80 && c <= 0x9f || c == '\u2028' || c == '\u2029') {
                    return String.format("\\u%04x", (int) c);
                }
                return null;
        }
    }
}
