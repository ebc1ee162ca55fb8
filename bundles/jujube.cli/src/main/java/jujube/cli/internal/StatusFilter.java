package jujube.cli.internal;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The glob patterns status is filtered by ({@code *}, {@code ?}, {@code [...]}, as the shell's), matched
 * against service and unit names. No pattern shows everything.
 */
final class StatusFilter {
    private final List<Pattern> patterns;

    StatusFilter(List<String> globs) {
        this.patterns = globs.stream().map(StatusFilter::compile).toList();
    }

    boolean showsAll() {
        return patterns.isEmpty();
    }

    boolean matches(String name) {
        return patterns.isEmpty() || patterns.stream().anyMatch(p -> p.matcher(name).matches());
    }

    private static Pattern compile(String glob) {
        StringBuilder regex = new StringBuilder();
        boolean inClass = false;
        for (char c : glob.toCharArray()) {
            if (inClass) {
                regex.append(c == ']' ? "]" : c == '\\' ? "\\\\" : String.valueOf(c));
                inClass = c != ']';
            } else if (c == '*') {
                regex.append(".*");
            } else if (c == '?') {
                regex.append('.');
            } else if (c == '[') {
                regex.append('[');
                inClass = true;
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        if (inClass) {
            // an unclosed class is a literal '[' then, as fnmatch treats it
            return Pattern.compile(Pattern.quote(glob));
        }
        return Pattern.compile(regex.toString());
    }
}
