package jujube.hooks;

import jujube.process.ProcessOutput;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Receives a running hook's output: its process's ({@link ProcessOutput}: one line at a time, never from two
 * threads at once, never after {@link HookInvoker#invoke} has returned), with the lines past the output
 * limit told in a hook's words as a last line on stderr. {@link #started} comes before any line: a sink
 * that throws there has the hook killed and reported failed, so a unit agent can record its hook's process
 * before the hook does anything (see its orphan handling).
 */
@ConsumerType
public interface HookOutput extends ProcessOutput {

    /** Tells on stderr: {@code (N more lines, B bytes, of this hook's output not shown: the first M lines are)}. */
    @Override
    default void dropped(long lines, long bytes, int shown) {
        stderr("(" + lines + " more lines, " + bytes + " bytes, of this hook's output not shown: the first " + shown
                + " lines are)");
    }

    /**
     * The default sink: logs stdout at INFO and stderr at ERROR on the logger
     * {@code jujube.hooks.output}, each line tagged {@code unit=<unit> hook=<hook>}.
     */
    static HookOutput logging(String unitName, String hookName) {
        return new LoggingHookOutput(unitName, hookName);
    }
}
