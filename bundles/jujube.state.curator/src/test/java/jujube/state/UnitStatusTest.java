package jujube.state;

import jujube.model.Port;
import jujube.model.UnitName;
import jujube.model.UnitStatus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What status reads: relation workflow state replicas, units with their ports, exposed services. */
class UnitStatusTest extends ZooKeeperFixture {
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
