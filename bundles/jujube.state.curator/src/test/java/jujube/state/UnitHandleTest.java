package jujube.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jujube.model.Port;
import jujube.model.RelationInfo;
import jujube.model.ResolvedMode;
import jujube.model.StatusEntry;
import jujube.model.UnitName;
import org.junit.jupiter.api.Test;

/**
 * A unit's handle changes its own unit and its own side of its relations, never its neighbour's, and
 * reads its service and relations: each row a change made through the handle of one of two units of a
 * service, checked on both units through the connection.
 */
class UnitHandleTest extends ZooKeeperFixture {

    @Test
    void each_change_lands_on_the_handles_unit_only() {
        RelationInfo db = blogAndMysql();
        UnitName own = state.units().add("mysql").name();
        UnitName neighbour = state.units().add("mysql").name();
        UnitHandle handle = state.unit(own);
        Port http = new Port(80, "tcp");

        handle.setWorkflowState("started", "");
        assertEquals("started", state.units().get(own).workflowState());
        assertNotEquals("started", state.units().get(neighbour).workflowState());

        handle.openPort(http);
        assertEquals(Set.of(http), state.units().ports(own));
        assertEquals(Set.of(), state.units().ports(neighbour));

        handle.recordStatus(new StatusEntry(Instant.now(), "started", "install", ""));
        assertEquals(1, state.units().statusHistory(own).size());
        assertEquals(0, state.units().statusHistory(neighbour).size());

        handle.setRelationWorkflowState(db.id(), "up");
        assertEquals(Map.of(db.id(), "up"), state.units().relationWorkflowStates(own));
        assertEquals(Map.of(), state.units().relationWorkflowStates(neighbour));

        state.units().setResolved(own, ResolvedMode.RETRY_HOOK);
        state.units().setResolved(neighbour, ResolvedMode.RETRY_HOOK);
        handle.clearResolved();
        assertTrue(state.units().flags(own).resolved().isEmpty());
        assertTrue(state.units().flags(neighbour).resolved().isPresent());

        handle.relationOf(db.id()).updateSettings(Map.of("user", "wp"));
        assertEquals("wp", state.relations().of(db.id(), own).settings().values().get("user"));
        assertNull(state.relations().of(db.id(), neighbour).settings().values().get("user"));
    }

    @Test
    void reads_are_of_its_service_and_its_relations() {
        RelationInfo db = blogAndMysql();
        peers("memcached", "cache", "memcache", "ring"); // a relation mysql is not in
        UnitName own = state.units().add("mysql").name();
        state.services().updateConfig("mysql", Map.of("dataset-size", "80%"));
        UnitHandle handle = state.unit(own);

        assertEquals(own, handle.info().name());
        assertEquals("mysql", handle.service().name());
        assertEquals(Map.of("dataset-size", "80%"), handle.serviceConfig());
        assertEquals(List.of(db.id()), handle.relations().stream().map(RelationInfo::id).toList());
        assertEquals(own, handle.relationOf(db.id()).unit());
    }
}
