package jujube.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** An application status derived from its units' as Go juju's {@code status.DeriveStatus} derives it. */
class WorkloadStatusTest {
    private static final Instant AT = Instant.parse("2026-11-29T10:00:00Z");

    private static WorkloadStatus status(String current, String message) {
        return new WorkloadStatus(current, message, AT);
    }

    private static String derived(String... units) {
        return WorkloadStatus.mostSevere(java.util.Arrays.stream(units).map(u -> status(u, "")).toList())
                .map(WorkloadStatus::current).orElse("none");
    }

    @Test
    void the_most_severe_unit_status_in_go_jujus_order() {
        assertEquals("error", derived("active", "blocked", "error", "maintenance"));
        assertEquals("blocked", derived("maintenance", "blocked", "waiting"));
        assertEquals("maintenance", derived("waiting", "maintenance", "active"), "busy itself beats waiting for others");
        assertEquals("waiting", derived("active", "waiting", "unknown"));
        assertEquals("active", derived("unknown", "active"));
        assertEquals("terminated", derived("unknown", "terminated"));
        assertEquals("unknown", derived("unknown"));
        assertEquals("active", derived("something-else", "active"), "a status Go juju does not rank ranks last");
    }

    @Test
    void the_first_of_the_most_severe_gives_its_message_and_time_and_no_unit_gives_nothing() {
        WorkloadStatus first = status("blocked", "needs mysql");
        assertEquals(Optional.of(first), WorkloadStatus.mostSevere(List.of(status("active", "ok"), first,
                status("blocked", "needs storage"))));
        assertEquals(Optional.empty(), WorkloadStatus.mostSevere(List.of()));
    }
}
