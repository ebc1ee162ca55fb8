package jujube.agent.unit.internal;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jujube.hooks.HookResult;
import jujube.state.RunResult;

/**
 * A command's {@link HookResult} as the exit status a shell would give: the code it exited with, 128+N
 * for signal N, 124 for a timeout (as {@code timeout(1)}), 1 when it could not run (with why).
 */
final class RunResults {
    static final int TIMED_OUT = 124;
    private static final Pattern EXIT = Pattern.compile("exit code (\\d+)");
    private static final Pattern SIGNAL = Pattern.compile("signal (\\d+)");

    private RunResults() {
    }

    static RunResult of(HookResult result, String stdout, String stderr) {
        if (!(result instanceof HookResult.Failed failed)) {
            return new RunResult(0, stdout, stderr, "");
        }
        String reason = failed.reason();
        Matcher exit = EXIT.matcher(reason);
        if (exit.matches()) {
            return new RunResult(Integer.parseInt(exit.group(1)), stdout, stderr, "");
        }
        Matcher signal = SIGNAL.matcher(reason);
        if (signal.matches()) {
            return new RunResult(128 + Integer.parseInt(signal.group(1)), stdout, stderr, "killed by " + reason);
        }
        return new RunResult(reason.startsWith("timed out") ? TIMED_OUT : 1, stdout, stderr, reason);
    }
}
