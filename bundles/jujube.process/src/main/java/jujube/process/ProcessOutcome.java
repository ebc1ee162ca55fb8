package jujube.process;

import java.time.Duration;
import java.util.Objects;

/**
 * How a process a {@link ProcessRunner} ran ended. Only {@link Exited} with status 0 is a success; the
 * caller words the rest for its operators.
 */
public sealed interface ProcessOutcome {

    /** Whether the process ran and exited 0. */
    default boolean succeeded() {
        return this instanceof Exited exited && exited.status() == 0;
    }

    /** The process exited by itself with this status (0 to 255). */
    record Exited(int status) implements ProcessOutcome {
    }

    /** A signal the runner did not send killed the process. */
    record Signalled(int signal) implements ProcessOutcome {
    }

    /** The process ran past its timeout: its process group was killed. */
    record TimedOut(Duration timeout) implements ProcessOutcome {
        public TimedOut {
            Objects.requireNonNull(timeout, "timeout");
        }
    }

    /** The processes of its group reached their limit: all of them were killed. */
    record ProcessLimitReached(int maxProcesses) implements ProcessOutcome {
    }

    /** The process wrote more than its output limit: it was killed. */
    record OutputLimitPassed(long maxBytes) implements ProcessOutcome {
    }

    /** The process could not be started; the message names why. */
    record StartFailed(String message) implements ProcessOutcome {
    }

    /** The output refused the process at its start ({@link ProcessOutput#started} threw): it was killed. */
    record StartRefused(String message) implements ProcessOutcome {
    }
}
