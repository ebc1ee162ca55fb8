package jujube.cli.internal;

import java.time.Duration;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The durations commands take: {@code 30s}, {@code 5m}, {@code 1h}, {@code 500ms}, or a number of seconds. */
final class Durations {
    private static final Pattern DURATION = Pattern.compile("([0-9]{1,9})(ms|s|m|h)?");

    private Durations() {
    }

    static Duration parse(String text, String option, Function<String, RuntimeException> usage) {
        Matcher m = DURATION.matcher(text.strip());
        if (!m.matches() || Long.parseLong(m.group(1)) == 0) {
            throw usage.apply(option + " must be a positive duration such as 30s, 5m, 1h or 500ms, got '" + text + "'");
        }
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        return switch (unit) {
            case "ms" -> Duration.ofMillis(n);
            case "m" -> Duration.ofMinutes(n);
            case "h" -> Duration.ofHours(n);
            default -> Duration.ofSeconds(n);
        };
    }
}
