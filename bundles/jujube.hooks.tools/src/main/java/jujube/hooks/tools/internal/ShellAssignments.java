package jujube.hooks.tools.internal;

/**
 * Shell text as the original's {@code --format=shell} wrote it: names mangled into variable names,
 * values quoted as Python 2's {@code pipes.quote} did, so that {@code eval} of the output assigns
 * exactly the values.
 */
final class ShellAssignments {
    private static final String SAFE = "@%_-+=:,./";

    private ShellAssignments() {
    }

    /**
     * A setting name as a shell variable name's tail: upper-cased, and every character the original
     * replaced ({@code -./:()<>|?*\}) turned into {@code _}. Every other character that is not an ASCII
     * letter, digit or {@code _} is replaced too, where the original let it through: a remote unit
     * chooses its keys, and a key such as {@code a;b} must not become a command under {@code eval}.
     */
    static String variableName(String key) {
        StringBuilder name = new StringBuilder(key.length());
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            char upper = c >= 'a' && c <= 'z' ? (char) (c - 'a' + 'A') : c;
            name.append(upper >= 'A' && upper <= 'Z' || upper >= '0' && upper <= '9' || upper == '_' ? upper : '_');
        }
        return name.toString();
    }

    /** {@code ''} for empty, the text itself when every character is safe, else single-quoted. */
    static String quote(String value) {
        if (value.isEmpty()) {
            return "''";
        }
        boolean safe = value.chars().allMatch(c -> c < 128 && (Character.isLetterOrDigit(c) || SAFE.indexOf(c) >= 0));
        return safe ? value : "'" + value.replace("'", "'\"'\"'") + "'";
    }
}
