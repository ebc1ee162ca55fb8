package jujube.hooks;

import java.time.Duration;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Receives a running hook's output, one line at a time (without its line terminator), as it
 * arrives. The invoker never calls a sink from two threads at once and never after
 * {@link HookInvoker#invoke} has returned; lines of one stream arrive in order, while the order
 * between stdout and stderr lines is only as good as their arrival.
 */
@ConsumerType
public interface HookOutput {

    /** A line the hook wrote to its standard output. */
    void stdout(String line);

    /** A line the hook wrote to its standard error. */
    void stderr(String line);

    /**
     * The hook's process started, on the invoking thread before any line arrives: {@code pid} leads the
     * hook's process group (its session), and the invoker kills the group after {@code timeout}
     * ({@link Duration#ZERO}: never). A sink that throws has the hook killed and reported failed, so a
     * unit agent can record its hook's process before the hook does anything (see its orphan handling).
     *
     * @since 1.4
     */
    default void started(long pid, Duration timeout) {}

    /**
     * The default sink: logs stdout at INFO and stderr at ERROR on the logger
     * {@code jujube.hooks.output}, each line tagged {@code unit=<unit> hook=<hook>}.
     */
    static HookOutput logging(String unitName, String hookName) {
        return new LoggingHookOutput(unitName, hookName);
    }
}
