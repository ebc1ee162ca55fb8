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
    public static final String WAITING = "waiting";
    public static final String MAINTENANCE = "maintenance";
    /**
     * The statuses by severity, most severe first, as Go juju's {@code status.DeriveStatus} ranks them: an
     * application is as badly off as its worst unit, and a unit busy itself (maintenance) is worse off than one
     * waiting for another. A status not listed ranks below all of them.
     */
    public static final List<String> BY_SEVERITY = List.of(ERROR, "blocked", MAINTENANCE, WAITING, "active",
            "terminated", UNKNOWN);
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

    /**
     * The application status derived from its units' (Go juju's {@code DeriveStatus}): the most severe of
     * {@code units}, the first of them when several are as severe; empty when there are none.
     *
     * @since 1.3
     */
    public static java.util.Optional<WorkloadStatus> mostSevere(java.util.Collection<WorkloadStatus> units) {
        WorkloadStatus worst = null;
        for (WorkloadStatus unit : units) {
            if (worst == null || severity(unit.current()) > severity(worst.current())) {
                worst = unit;
            }
        }
        return java.util.Optional.ofNullable(worst);
    }

    private static int severity(String status) {
        int rank = BY_SEVERITY.indexOf(status);
        return rank < 0 ? -1 : BY_SEVERITY.size() - rank;
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
