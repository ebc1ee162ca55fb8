package jujube.state;

import jujube.model.NoSuchUnitException;
import jujube.model.StatusEntry;
import jujube.model.UnitName;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The request channel of {@code jujube run}, the published status history and agent-state-info. */
class UnitRunsTest extends ZooKeeperFixture {
    private UnitName unit() {
        charm("mysql");
        state.services().add("mysql", "local:precise/mysql-1");
        return state.units().add("mysql").name();
    }

    @Test
    void a_request_is_watched_claimed_once_answered_and_removed() throws Exception {
        UnitName unit = unit();
        StateConnection agent = connect(List.of());
        AtomicReference<Map<String, RunRequest>> seen = new AtomicReference<>(Map.of());
        try (Watch watch = agent.runs().watch(unit, change -> seen.set(change.current()))) {
            String id = state.runs().request(unit, "echo hi", Duration.ofSeconds(5));
            POLLING.until(() -> seen.get().containsKey(id));
            assertEquals("echo hi", seen.get().get(id).command());
            assertEquals(Duration.ofSeconds(5), seen.get().get(id).timeout());
            assertFalse(seen.get().get(id).claimed());
            assertTrue(agent.runs().claim(unit, id));
            assertFalse(agent.runs().claim(unit, id), "a claimed request is never run twice");
            POLLING.until(() -> seen.get().get(id) != null && seen.get().get(id).claimed());
            assertEquals(Optional.empty(), state.runs().await(unit, id, Duration.ofMillis(50)));
            RunResult result = new RunResult(3, "out\n", "err\n", "");
            assertTrue(agent.runs().answer(unit, id, result));
            assertEquals(Optional.of(result), state.runs().await(unit, id, Duration.ofSeconds(5)));
            POLLING.until(() -> !seen.get().containsKey(id)); // answered ones are left out
            state.runs().remove(unit, id);
            state.runs().remove(unit, id);
            assertFalse(agent.runs().answer(unit, id, result), "a request removed is not answered");
        }
    }

    @Test
    void a_request_goes_with_its_requesters_session() throws Exception {
        UnitName unit = unit();
        StateConnection requester = connect(List.of());
        String id = requester.runs().request(unit, "true", Duration.ofSeconds(5));
        requester.close();
        assertFalse(state.runs().claim(unit, id));
    }

    @Test
    void bad_requests_are_refused() {
        UnitName unit = unit();
        assertThrows(NoSuchUnitException.class, () -> state.runs().request(new UnitName("nosuch", 0), "true",
                Duration.ofSeconds(1)));
        assertThrows(IllegalArgumentException.class, () -> state.runs().request(unit, " ", Duration.ofSeconds(1)));
        assertThrows(IllegalArgumentException.class,
                () -> state.runs().request(unit, "x".repeat(UnitRuns.MAX_COMMAND_BYTES + 1), Duration.ofSeconds(1)));
        assertThrows(IllegalArgumentException.class, () -> state.runs().request(unit, "true", Duration.ZERO));
    }

    @Test
    void status_history_keeps_the_newest_entries_and_state_info_its_error() {
        UnitName unit = unit();
        assertEquals(List.of(), state.units().statusHistory(unit));
        Instant t = Instant.parse("2012-05-01T10:00:00Z");
        for (int i = 0; i < StatusEntry.KEPT + 5; i++) {
            state.units().recordStatus(unit, new StatusEntry(t.plusSeconds(i), "started", "hook" + i, ""));
        }
        List<StatusEntry> history = state.units().statusHistory(unit);
        assertEquals(StatusEntry.KEPT, history.size());
        assertEquals("hook5", history.get(0).hook());
        assertEquals(t.plusSeconds(StatusEntry.KEPT + 4), history.get(StatusEntry.KEPT - 1).at());
        state.units().setWorkflowState(unit, "install_error", "hook install failed: exit code 1");
        assertEquals("hook install failed: exit code 1", state.units().get(unit).workflowStateInfo());
        state.units().setWorkflowState(unit, "installed", "");
        assertEquals("", state.units().get(unit).workflowStateInfo());
        assertThrows(NoSuchUnitException.class, () -> state.units().statusHistory(new UnitName("nosuch", 1)));
    }
}
