package jujube.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class DebugLogTest extends ZooKeeperFixture {
    private static final Instant T0 = Instant.parse("2012-06-01T10:00:00Z");

    @Test
    void records_are_kept_only_while_the_log_is_enabled() {
        DebugLog log = state.debugLog();
        assertFalse(log.isEnabled());
        assertNull(log.append(new LogRecord("mysql/0", "INFO", "dropped", T0)));
        log.setEnabled(true);
        LoggedRecord first = log.append(new LogRecord("mysql/0", "INFO", "installed", T0));
        LoggedRecord second = log.append(new LogRecord("blog/1", "ERROR", "hook failed", T0.plusSeconds(1)));
        assertTrue(second.sequence() > first.sequence());
        assertEquals(List.of(first, second), log.after(-1));
        assertEquals(List.of(second), log.after(first.sequence()));
        assertTrue(connect(List.of()).debugLog().isEnabled());
    }

    @Test
    void the_latest_sequence_is_watched() throws Exception {
        state.debugLog().setEnabled(true);
        AtomicLong latest = new AtomicLong(-2);
        try (Watch w = state.debugLog().watchLatest(c -> latest.set(c.current()))) {
            awaitTrue(() -> latest.get() == -1);
            LoggedRecord r = state.debugLog().append(new LogRecord("mysql/0", "DEBUG", "x", T0));
            awaitTrue(() -> latest.get() == r.sequence());
        }
    }

    @Test
    void relation_workflow_states_are_replicated_per_relation() {
        charm("mysql");
        state.services().add("mysql", "local:precise/mysql-1");
        UnitName unit = state.units().add("mysql").name();
        assertEquals(Map.of(), state.units().relationWorkflowStates(unit));
        state.units().setRelationWorkflowState(unit, "relation-0000000001", "up");
        state.units().setRelationWorkflowState(unit, "relation-0000000002", "error");
        state.units().setWorkflowState(unit, "started");
        assertEquals(Map.of("relation-0000000001", "up", "relation-0000000002", "error"),
                state.units().relationWorkflowStates(unit));
        assertEquals("started", state.units().get(unit).workflowState());
    }

    @Test
    void status_lists_units_with_ports_and_relation_states_and_exposed_services() {
        charm("mysql");
        state.services().add("mysql", "local:precise/mysql-1");
        state.services().add("db2", "local:precise/mysql-1");
        UnitName unit = state.units().add("mysql").name();
        state.units().add("db2");
        state.units().openPort(unit, new Port(3306, "tcp"));
        state.units().setRelationWorkflowState(unit, "relation-0000000001", "error");
        state.services().setExposed("mysql", true);
        List<UnitStatus> status = state.units().listStatus();
        assertEquals(List.of("db2/0", "mysql/0"), status.stream().map(s -> s.info().name().toString()).toList());
        assertEquals(java.util.Set.of(new Port(3306, "tcp")), status.get(1).ports());
        assertEquals(Map.of("relation-0000000001", "error"), status.get(1).relationWorkflowStates());
        assertEquals(java.util.Set.of("mysql"), state.services().exposedServices());
    }
}
