package jujube.state;

import jujube.model.CharmChecksumMismatchException;
import jujube.model.CharmRecord;
import jujube.model.DebugHooks;
import jujube.model.DuplicateRelationException;
import jujube.model.DuplicateRoleException;
import jujube.model.DuplicateServiceException;
import jujube.model.FlagAlreadySetException;
import jujube.model.MachineHasUnitsException;
import jujube.model.MachineInfo;
import jujube.model.NoSuchCharmException;
import jujube.model.NoSuchMachineException;
import jujube.model.NoSuchRelationException;
import jujube.model.NoSuchServiceException;
import jujube.model.NoSuchUnitException;
import jujube.model.Port;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.model.ResolvedMode;
import jujube.model.ServiceInRelationsException;
import jujube.model.ServiceInfo;
import jujube.model.SubordinateUnitAssignmentException;
import jujube.model.SubordinateWithoutContainerRelationException;
import jujube.model.UnitAlreadyAssignedException;
import jujube.model.UnitFlags;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import jujube.model.UpgradeRequest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TopologyModelTest extends ZooKeeperFixture {

    private RelationInfo relate(String client, String server) {
        return state.relations().add("mysql", RelationScope.GLOBAL, List.of(
                new RelationEndpoint(client, "db", RelationRole.CLIENT),
                new RelationEndpoint(server, "server", RelationRole.SERVER)));
    }

    @Test
    void services_units_and_machines_make_up_the_topology() {
        charm("mysql");
        ServiceInfo db = state.services().add("mysql", "local:precise/mysql-1");
        UnitInfo first = state.units().add("mysql");
        UnitInfo second = state.units().add("mysql");
        assertEquals(UnitName.parse("mysql/0"), first.name());
        assertEquals(UnitName.parse("mysql/1"), second.name());
        assertTrue(first.id().matches("unit-[0-9]{10}"), first.id());
        assertTrue(db.id().matches("service-[0-9]{10}"), db.id());
        MachineInfo m = state.machines().add();
        assertEquals(1, m.id());
        state.units().assign(first.name(), 1);
        assertEquals(Set.of(first.name()), state.machines().assignedUnits(1));
        assertEquals(List.of(first.name(), second.name()), state.services().get("mysql").units());
        UnitInfo read = state.units().get(first.name());
        assertEquals(1, read.machineId().getAsInt());
        assertEquals("local:precise/mysql-1", read.charmId());
        assertThrows(UnitAlreadyAssignedException.class, () -> state.units().assign(first.name(), 0));
        assertThrows(MachineHasUnitsException.class, () -> state.machines().remove(1));
        state.units().unassign(first.name());
        state.machines().remove(1);
        assertEquals(List.of(0), state.machines().list().stream().map(MachineInfo::id).toList());
        assertThrows(NoSuchMachineException.class, () -> state.units().assign(first.name(), 1));
    }

    @Test
    void service_names_are_unique_and_unit_numbers_never_reused() throws Exception {
        charm("wordpress");
        state.services().add("blog", "local:precise/wordpress-1");
        assertThrows(DuplicateServiceException.class, () -> state.services().add("blog", "local:precise/wordpress-1"));
        state.units().add("blog");
        UnitInfo one = state.units().add("blog");
        state.units().remove(one.name());
        assertNull(raw().checkExists().forPath("/units/" + one.id()), "removed unit's node is deleted");
        assertEquals(UnitName.parse("blog/2"), state.units().add("blog").name());
        String serviceId = state.services().get("blog").id();
        state.services().remove("blog");
        assertNull(raw().checkExists().forPath("/services/" + serviceId));
        state.services().add("blog", "local:precise/wordpress-1");
        assertEquals(UnitName.parse("blog/3"), state.units().add("blog").name());
        assertThrows(NoSuchCharmException.class, () -> state.services().add("other", "local:precise/nope-1"));
        assertThrows(NoSuchServiceException.class, () -> state.units().add("nope"));
    }

    @Test
    void relations_keep_their_invariants_and_leave_no_nodes_behind() throws Exception {
        charm("mysql");
        charm("wordpress");
        state.services().add("mysql", "local:precise/mysql-1");
        state.services().add("blog", "local:precise/wordpress-1");
        assertThrows(DuplicateRoleException.class, () -> state.relations().add("mysql", RelationScope.GLOBAL, List.of(
                new RelationEndpoint("blog", "db", RelationRole.CLIENT),
                new RelationEndpoint("mysql", "server", RelationRole.CLIENT))));
        RelationInfo r = relate("blog", "mysql");
        assertThrows(DuplicateRelationException.class, () -> relate("blog", "mysql"));
        assertEquals(List.of(r.id()), state.relations().ofService("blog").stream().map(RelationInfo::id).toList());
        assertEquals(RelationRole.SERVER, state.relations().get(r.id()).endpointOf("mysql").orElseThrow().role());
        ServiceInRelationsException busy = assertThrows(ServiceInRelationsException.class,
                () -> state.services().remove("mysql"));
        assertTrue(busy.getMessage().contains(r.id()), busy.getMessage());
        UnitInfo u = state.units().add("blog");
        state.units().setAddresses(u.name(), "blog.example", "10.0.0.7");
        UnitRelation member = state.relations().of(r.id(), u.name());
        member.enterScope();
        assertTrue(member.inScope());
        state.relations().remove(r.id());
        assertNull(raw().checkExists().forPath("/relations/" + r.id()));
        assertThrows(NoSuchRelationException.class, () -> state.relations().get(r.id()));
        state.services().remove("mysql");
    }

    @Test
    void a_subordinate_needs_a_container_relation_with_its_principal() {
        charm("wordpress");
        charm("logging");
        state.services().add("blog", "local:precise/wordpress-1");
        state.services().add("logging", "local:precise/logging-1");
        UnitInfo principal = state.units().add("blog");
        assertThrows(SubordinateWithoutContainerRelationException.class,
                () -> state.units().addSubordinate("logging", principal.name()));
        state.relations().add("logging", RelationScope.CONTAINER, List.of(
                new RelationEndpoint("blog", "juju-info", RelationRole.SERVER),
                new RelationEndpoint("logging", "info", RelationRole.CLIENT)));
        UnitInfo sub = state.units().addSubordinate("logging", principal.name());
        assertEquals(principal.name(), state.units().get(sub.name()).container().orElseThrow());
        assertEquals(Map.of(principal.name(), principal.name(), sub.name(), principal.name()), state.units().containers());
        assertEquals(Map.of(sub.name(), principal.name()), state.units().containers(
                List.of(sub.name(), new UnitName("logging", 9))), "a unit that does not exist is left out");
        UnitInfo other = state.units().add("blog");
        assertEquals(List.of(principal.name(), sub.name()), List.copyOf(state.units().withSubordinates(
                List.of(principal.name(), new UnitName("blog", 7))).keySet()), "the unit and its container's, no other");
        assertEquals(sub.name(), state.units().withSubordinates(List.of(principal.name())).get(sub.name()).name());
        assertEquals(List.of(other.name()), List.copyOf(state.units().withSubordinates(List.of(other.name())).keySet()));
        assertThrows(SubordinateUnitAssignmentException.class, () -> state.units().assign(sub.name(), 0));
        state.units().remove(principal.name());
        assertEquals(List.of(other.name()), state.units().list().stream().map(UnitInfo::name).toList(),
                "the subordinate goes with its container");
    }

    @Test
    void an_upgraded_unit_records_its_new_charm_which_must_exist() {
        charm("mysql");
        state.services().add("mysql", "local:precise/mysql-1");
        UnitName unit = state.units().add("mysql").name();
        assertThrows(NoSuchCharmException.class, () -> state.units().setCharm(unit, "local:precise/mysql-2"));
        assertEquals("local:precise/mysql-1", state.units().get(unit).charmId());
        CharmRecord next = charm("mysql", 2);
        state.units().setCharm(unit, next.id());
        assertEquals(next.id(), state.units().get(unit).charmId());
        assertThrows(NoSuchUnitException.class, () -> state.units().setCharm(UnitName.parse("mysql/9"), next.id()));
    }

    @Test
    void charms_are_published_once_per_checksum() {
        CharmRecord mysql = charm("mysql");
        assertEquals(mysql, charm("mysql"));
        CharmChecksumMismatchException e = assertThrows(CharmChecksumMismatchException.class,
                () -> state.charms().publish(new CharmRecord(mysql.id(), mysql.url(), "other", Map.of(), Map.of())));
        assertTrue(e.getMessage().startsWith("concurrent upload of charm has different checksum"), e.getMessage());
        assertEquals(List.of(mysql), state.charms().list());
    }

    @Test
    void config_holds_only_explicit_options_and_exposure_is_a_node() {
        charm("mysql");
        state.services().add("mysql", "local:precise/mysql-1");
        state.services().updateConfig("mysql", Map.of("port", 3306, "name", "db"));
        state.services().updateConfig("mysql", java.util.Collections.singletonMap("name", null));
        assertEquals(Map.of("port", 3306), state.services().config("mysql"));
        assertFalse(state.services().isExposed("mysql"));
        state.services().setExposed("mysql", true);
        assertTrue(state.services().isExposed("mysql"));
    }

    @Test
    void flags_are_values_and_setting_one_twice_names_the_unit() {
        charm("mysql");
        state.services().add("mysql", "local:precise/mysql-1");
        UnitName u = state.units().add("mysql").name();
        assertEquals(UnitFlags.NONE, state.units().flags(u));
        state.units().setResolved(u, ResolvedMode.RETRY_HOOK);
        FlagAlreadySetException twice = assertThrows(FlagAlreadySetException.class,
                () -> state.units().setResolved(u, ResolvedMode.NO_HOOK));
        assertEquals("unit mysql/0 already has resolved set", twice.getMessage());
        state.units().setUpgrade(u, new UpgradeRequest(true));
        state.units().setDebugHooks(u, new DebugHooks(List.of("*")));
        state.units().setRelationResolved(u, Map.of("relation-0000000001", ResolvedMode.NO_HOOK));
        assertThrows(FlagAlreadySetException.class,
                () -> state.units().setRelationResolved(u, Map.of("relation-0000000001", ResolvedMode.NO_HOOK)));
        UnitFlags flags = state.units().flags(u);
        assertEquals(ResolvedMode.RETRY_HOOK, flags.resolved().orElseThrow());
        assertTrue(flags.upgrade().orElseThrow().force());
        assertEquals(List.of("*"), flags.debugHooks().orElseThrow().patterns());
        assertEquals(Map.of("relation-0000000001", ResolvedMode.NO_HOOK), flags.relationResolved());
        state.units().clearResolved(u);
        state.units().clearUpgrade(u);
        state.units().clearDebugHooks(u);
        state.units().clearRelationResolved(u);
        assertEquals(UnitFlags.NONE, state.units().flags(u));
        for (ResolvedMode mode : ResolvedMode.values()) {
            state.units().setResolved(u, mode);
            assertEquals(mode, state.units().flags(u).resolved().orElseThrow());
            state.units().clearResolved(u);
        }
        assertThrows(IllegalArgumentException.class,
                () -> state.units().setRelationResolved(u, Map.of("relation-0000000001", ResolvedMode.RESET_STATE)));
        state.units().openPort(u, new Port(80, "tcp"));
        state.units().openPort(u, new Port(53, "udp"));
        state.units().closePort(u, new Port(80, "tcp"));
        assertEquals(Set.of(new Port(53, "udp")), state.units().ports(u));
    }

    @Test
    void relation_settings_keep_old_values_on_rejoin_but_refresh_the_address() {
        RelationInfo peers = peers("mysql", "db", "cluster", "cluster");
        UnitName u = state.units().add("db").name();
        state.units().setAddresses(u, "pub", "10.0.0.1");
        UnitRelation rel = state.relations().of(peers.id(), u);
        rel.enterScope();
        rel.leaveScope();
        rel.updateSettings(Map.of("password", "s3cret"));
        state.units().setAddresses(u, "pub", "10.0.0.2");
        rel.enterScope();
        assertEquals(Map.of("private-address", "10.0.0.2", "password", "s3cret"), rel.settings().values());
    }
}
