package jujube.dashboard.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EnvironmentViewTest {
    @Test
    void shows_units_with_their_states_ports_and_machines() {
        Map<String, Map<String, Object>> view = EnvironmentView.of(Environments.blog(2, "install_error"));
        Map<String, Object> blog0 = view.get("unit:blog/0");
        assertEquals("install-error", blog0.get("agentState"));
        assertEquals("hook install failed (exit 1) at 12:00:00", blog0.get("info"));
        assertEquals("error", blog0.get("workload"), "as status shows a unit whose hook failed");
        assertEquals("hook install failed (exit 1) at 12:00:00", blog0.get("message"));
        assertEquals("active", view.get("unit:mysql/0").get("workload"));
        assertEquals(List.of("8080/tcp"), blog0.get("ports"));
        assertEquals(1, blog0.get("machine"));
        assertEquals(true, view.get("service:blog").get("exposed"));
        assertEquals(true, view.get("unit:mysql/0").get("leader"));
        assertTrue(view.containsKey("relation:relation-0000000000"));
        assertTrue(view.containsKey("machine:0"));
    }

    @Test
    void a_unit_changing_state_is_the_only_entry_sent_with_its_service_whose_status_it_changes() {
        Map<String, Map<String, Object>> before = EnvironmentView.of(Environments.blog(1000, "started"));
        Map<String, Map<String, Object>> after = EnvironmentView.of(Environments.blog(1000, "config_changed_error"));
        ViewDiff diff = ViewDiff.between(before, after);
        assertEquals(List.of("service:blog", "unit:blog/0"), List.copyOf(diff.set().keySet()));
        // no status set by a leader: the most severe of its units', as status shows it
        assertEquals("active", before.get("service:blog").get("status"));
        assertEquals("error", after.get("service:blog").get("status"));
        assertEquals(List.of(), diff.removed());
        assertTrue(ViewDiff.between(after, after).isEmpty());
    }

    @Test
    void a_unit_removed_is_named_once() {
        ViewDiff diff = ViewDiff.between(EnvironmentView.of(Environments.blog(3, "started")),
                EnvironmentView.of(Environments.blog(2, "started")));
        assertEquals(List.of("unit:blog/2"), diff.removed());
    }
}
