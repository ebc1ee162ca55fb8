package jujube.process;

import java.time.Duration;
import java.util.Objects;

/**
 * What a {@link ProcessRunner} is opened with.
 *
 * @param outputGrace how long to read output after a process exited, while children it left running still
 *     hold its output open; not negative
 * @param output the output limits of each process
 * @param maxProcesses how many processes (threads included) each group of processes may have at once
 *     ({@link ProcessSpec#limitGroup}); 0: no limit
 */
public record RunnerSettings(Duration outputGrace, OutputLimits output, int maxProcesses) {
    public RunnerSettings {
        Objects.requireNonNull(outputGrace, "outputGrace");
        Objects.requireNonNull(output, "output");
        if (outputGrace.isNegative() || maxProcesses < 0) {
            throw new IllegalArgumentException("runner settings: the output grace and the process limit must not be "
                    + "negative, got " + outputGrace.toMillis() + " ms and " + maxProcesses);
        }
    }

    /** The default output limits and no process limit. */
    public static RunnerSettings unlimited(Duration outputGrace) {
        return new RunnerSettings(outputGrace, OutputLimits.defaults(), 0);
    }
}
