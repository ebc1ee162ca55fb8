package jujube.state;

import java.util.Objects;

/**
 * How a {@link RunRequest} ended on its unit.
 *
 * @param exitCode the command's exit status; 128+N when killed by signal N, 124 when it timed out, 1
 *     when it could not run at all
 * @param stdout its standard output, at most {@link UnitRuns#MAX_OUTPUT_BYTES} bytes, cut with a note
 * @param stderr its standard error, likewise
 * @param error empty when the command ran to its end; else why not ({@code timed out after 5 s},
 *     {@code could not start: ...})
 */
public record RunResult(int exitCode, String stdout, String stderr, String error) {
    public RunResult {
        Objects.requireNonNull(stdout, "stdout");
        Objects.requireNonNull(stderr, "stderr");
        Objects.requireNonNull(error, "error");
    }
}
