package jujube.cli.internal;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import jujube.model.LogRecord;

/**
 * Which debug-log records an operator wants, as the original's {@code -i}, {@code -x} and {@code -l}:
 * at least {@code level}; from the included names (all when none is named), except the excluded ones.
 * A name is a shell glob ({@code *}, {@code ?}, {@code [...]}) and matches a record when it matches
 * its agent ({@code mysql/0}, {@code machine-0}), the agent's service ({@code mysql}), its channel
 * ({@code hook.output}), or, for a name starting {@code machine-}, the machine the unit is assigned to.
 * Exclusion wins.
 *
 * <p>{@code machineOf} gives the machine ({@code machine-3}) a unit is assigned to; it is asked only for
 * a {@code machine-} name that matched nothing else.
 */
final class LogFilter {
    /** The log levels, least severe first. */
    enum Level {
        DEBUG, INFO, WARNING, ERROR, CRITICAL;

        /** The level of a record; an unknown level counts as INFO so that it is not hidden by default. */
        static Level of(String text) {
            try {
                return valueOf(text.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                return INFO;
            }
        }
    }

    private final List<Name> include;
    private final List<Name> exclude;
    private final Level level;
    private final Function<String, Optional<String>> machineOf;

    /** A name as given, and as the pattern it stands for. */
    private record Name(String text, Pattern glob) {
        Name(String text) {
            this(text, LogFilter.glob(text));
        }
    }

    LogFilter(List<String> include, List<String> exclude, Level level, Function<String, Optional<String>> machineOf) {
        this.include = include.stream().map(Name::new).toList();
        this.exclude = exclude.stream().map(Name::new).toList();
        this.level = level;
        this.machineOf = machineOf;
    }

    LogFilter(List<String> include, List<String> exclude, Level level) {
        this(include, exclude, level, unit -> Optional.empty());
    }

    boolean accepts(LogRecord record) {
        return Level.of(record.level()).compareTo(level) >= 0
                && exclude.stream().noneMatch(n -> matches(n, record))
                && (include.isEmpty() || include.stream().anyMatch(n -> matches(n, record)));
    }

    private boolean matches(Name name, LogRecord record) {
        Pattern glob = name.glob();
        String unit = record.unit();
        int slash = unit.indexOf('/');
        if (glob.matcher(unit).matches() || slash > 0 && glob.matcher(unit.substring(0, slash)).matches()
                || !record.channel().isEmpty() && glob.matcher(record.channel()).matches()) {
            return true;
        }
        return slash > 0 && name.text().startsWith("machine-") && machineOf.apply(unit).filter(m -> glob.matcher(m).matches())
                .isPresent();
    }

    /**
     * A shell glob as a regular expression: {@code *} any run, {@code ?} one character, {@code [...]} a set
     * ({@code [!...]} its complement; a {@code ]} right after the opening is a member).
     *
     * @throws IllegalArgumentException for a malformed glob: an empty name, a {@code [} never closed, a
     *     set with a reversed range ({@code [z-a]})
     */
    static Pattern glob(String glob) {
        if (glob.isEmpty()) {
            throw new IllegalArgumentException("an empty name matches nothing");
        }
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            int close = c == '[' ? glob.indexOf(']', i + (glob.startsWith("!", i + 1) ? 3 : 2)) : -1;
            if (c == '[' && close < 0) {
                throw new IllegalArgumentException("'[' at " + (i + 1) + " is never closed by ']'");
            }
            if (c == '*') {
                regex.append(".*");
            } else if (c == '?') {
                regex.append('.');
            } else if (close > 0) {
                String set = glob.substring(i + 1, close);
                boolean negated = set.startsWith("!");
                regex.append('[').append(negated ? "^" : "")
                        .append(set.substring(negated ? 1 : 0).replace("\\", "\\\\").replace("[", "\\[")).append(']');
                i = close;
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        try {
            return Pattern.compile(regex.toString(), Pattern.DOTALL);
        } catch (java.util.regex.PatternSyntaxException e) {
            throw new IllegalArgumentException(e.getDescription());
        }
    }
}
