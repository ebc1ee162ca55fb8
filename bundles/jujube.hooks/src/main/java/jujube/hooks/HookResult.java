package jujube.hooks;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * How a hook invocation ended. {@link Succeeded} (exit 0) and {@link Missing} (the charm has no such
 * hook, which is not an error) are successes; {@link Failed} carries a one-line reason an operator
 * reads: {@code exit code N}, {@code signal N}, {@code timed out after N s}, a limit the hook went past
 * ({@code reached the limit of N processes …}, {@code wrote more than N MiB of output …}),
 * {@code not executable: <path>}, {@code could not start: …} or {@code interrupted}.
 */
public sealed interface HookResult {

    /** Whether the unit may go on as if the hook ran well. */
    default boolean isSuccess() {
        return !(this instanceof Failed);
    }

    /** The hook ran and exited 0. */
    record Succeeded() implements HookResult {
    }

    /** The charm has no file for the hook; nothing ran. */
    record Missing(Path hookPath) implements HookResult {
        public Missing {
            Objects.requireNonNull(hookPath, "hookPath");
        }
    }

    /** The hook did not succeed, for the given reason. */
    record Failed(String reason) implements HookResult {
        public Failed {
            Objects.requireNonNull(reason, "reason");
        }

        public static Failed exitCode(int code) {
            return new Failed("exit code " + code);
        }

        public static Failed signal(int signal) {
            return new Failed("signal " + signal);
        }

        public static Failed timedOut(Duration timeout) {
            long millis = timeout.toMillis();
            return new Failed(millis % 1000 == 0 ? "timed out after " + millis / 1000 + " s"
                    : "timed out after " + millis + " ms");
        }

        public static Failed notExecutable(Path hookPath) {
            return new Failed("not executable: " + hookPath);
        }
    }
}
