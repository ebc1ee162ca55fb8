package jujube.model;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A workload status as Go juju keeps it for a unit or an application: one of its names, a message for
 * the operator, and when it was set.
 *
 * @param current the status: one of {@link #SETTABLE}, {@code unknown} before anything was set, or
 *     {@code error} as status derives it from a unit in an error state
 * @param message what the charm says about it; empty for none
 * @param since when it was set
 */
public record WorkloadStatus(String current, String message, Instant since) {
    /** What a charm may set, in the order Go juju lists them. */
    public static final List<String> SETTABLE = List.of("maintenance", "blocked", "waiting", "active");
    public static final String UNKNOWN = "unknown";
    public static final String ERROR = "error";
    /** The longest message, in characters, a charm may set: a line or two for the operator. */
    public static final int MAX_MESSAGE = 1024;

    public WorkloadStatus {
        Objects.requireNonNull(current, "current");
        message = message == null ? "" : message;
        Objects.requireNonNull(since, "since");
    }

    /** Nothing set yet. */
    public static WorkloadStatus unknown(Instant since) {
        return new WorkloadStatus(UNKNOWN, "", since);
    }

    /** Why a charm may not set {@code status} with {@code message}; empty when it may. */
    public static java.util.Optional<String> problemWith(String status, String message) {
        if (!SETTABLE.contains(status)) {
            return java.util.Optional.of("invalid status \"" + status + "\", expected one of ["
                    + String.join(" ", SETTABLE) + "]");
        }
        if (message != null && message.length() > MAX_MESSAGE) {
            return java.util.Optional.of("status message of " + message.length() + " characters is over the limit of "
                    + MAX_MESSAGE);
        }
        return java.util.Optional.empty();
    }
}
