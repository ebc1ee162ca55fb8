package jujube.process;

import java.time.Duration;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Receives a running process's output, one line at a time (without its line terminator), as it arrives.
 * The runner never calls it from two threads at once and never after {@link ProcessRunner#run} has
 * returned; lines of one stream arrive in order, while the order between stdout and stderr lines is only
 * as good as their arrival.
 */
@ConsumerType
public interface ProcessOutput {

    /** A line the process wrote to its standard output. */
    void stdout(String line);

    /** A line the process wrote to its standard error. */
    void stderr(String line);

    /**
     * Lines past the {@link OutputLimits#maxLines() line limit} were not passed on: {@code lines} of them,
     * {@code bytes} long with their line ends, after the first {@code shown}. Told once, after the last line.
     */
    void dropped(long lines, long bytes, int shown);

    /**
     * The process started, on the running thread before any line arrives: {@code pid} leads its process
     * group (its session), and the runner kills the group after {@code timeout} ({@link Duration#ZERO}:
     * never). The moment to record the process (see {@link ProcessRecord}) before it does anything: a sink
     * that throws has the process killed, and the outcome is {@link ProcessOutcome.StartRefused}.
     */
    default void started(long pid, Duration timeout) {}
}
