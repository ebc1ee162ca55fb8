package jujube.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import jujube.model.NotLeaderException;
import jujube.model.StateException;
import jujube.model.UnitName;
import jujube.state.curator.internal.CuratorStateConnection;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A service's leader election as its units' machine agents take part in it, each with its own
 * credentials: one leader at a time, the leader settings written by the leader alone, the lead handed on
 * when the leader's session ends, and kept over a campaign released and taken over in the same process.
 */
class ServiceLeadershipTest extends ZooKeeperFixture {
    private UnitName first;
    private UnitName second;
    private UnitName db;
    private StateConnection agent1;
    private StateConnection agent2;

    @BeforeEach
    void twoPeersOnTwoMachines() throws Exception {
        peers("riak", "riak", "riak", "ring");
        charm("mysql");
        state.services().add("mysql", "local:precise/mysql-1");
        int machine1 = state.machines().add().id();
        int machine2 = state.machines().add().id();
        first = state.units().add("riak").name();
        second = state.units().add("riak").name();
        db = state.units().add("mysql").name();
        state.units().assign(first, machine1);
        state.units().assign(second, machine2);
        state.units().assign(db, machine2);
        agent1 = connect(List.of(), agentCredentials(machine1, first));
        agent2 = connect(List.of(), agentCredentials(machine2, second, db));
    }

    @Test
    void one_unit_leads_and_alone_writes_the_leader_settings() {
        List<Boolean> heard = new CopyOnWriteArrayList<>();
        ServiceLeadership one = agent1.unit(first).leadership();
        ServiceLeadership two = agent2.unit(second).leadership();
        try (ServiceLeadership.Campaign c1 = one.campaign(heard::add)) {
            POLLING.until(one::isLeader);
            try (ServiceLeadership.Campaign c2 = two.campaign(leader -> { })) {
                assertEquals(List.of(true), heard);
                assertFalse(two.isLeader());
                assertEquals(Optional.of(first), two.leader());
                assertEquals(Map.of("riak", first), state.overview().leaders());

                one.mergeSettings(Map.of("ring", "abc", "secret", "s3"));
                NotLeaderException refused = assertThrows(NotLeaderException.class,
                        () -> two.mergeSettings(Map.of("ring", "forged")));
                assertEquals("riak/1 is not the leader", refused.getMessage());
                one.mergeSettings(Map.of("secret", ""));
                assertEquals(Map.of("ring", "abc"), two.settings(), "the leader's settings, its deletion applied");
            }
        }
    }

    @Test
    void the_lead_passes_on_when_the_leaders_session_ends_with_a_new_term() {
        ServiceLeadership two = agent2.unit(second).leadership();
        ServiceLeadership one = agent1.unit(first).leadership();
        one.campaign(leader -> { });
        POLLING.until(one::isLeader);
        long firstTerm = one.confirmedTerm().getAsLong();
        List<Boolean> heard = new CopyOnWriteArrayList<>();
        try (ServiceLeadership.Campaign c2 = two.campaign(heard::add)) {
            assertFalse(two.isLeader());
            agent1.close();
            POLLING.until(two::isLeader);
            assertEquals(List.of(true), heard);
            assertNotEquals(firstTerm, two.confirmedTerm().getAsLong());
            assertEquals(Optional.of(second), state.unit(second).leadership().leader());
        }
    }

    @Test
    void a_removed_unit_gives_up_its_candidacy_though_its_machines_session_lives_on() {
        ServiceLeadership one = agent1.unit(first).leadership();
        ServiceLeadership two = agent2.unit(second).leadership();
        ServiceLeadership.Campaign c1 = one.campaign(leader -> { });
        POLLING.until(one::isLeader);
        try (ServiceLeadership.Campaign c2 = two.campaign(leader -> { })) {
            state.units().remove(first);
            // the removed unit's rights are gone, so its agent, retiring, can no longer withdraw the candidacy
            // its machine's session holds: the removal withdraws it
            c1.close();
            POLLING.until(two::isLeader);
            assertEquals(Map.of("riak", second), state.overview().leaders());
        }
    }

    @Test
    void a_deposed_leader_cannot_write_even_before_its_latch_hears_of_it() throws Exception {
        ServiceLeadership one = agent1.unit(first).leadership();
        try (ServiceLeadership.Campaign c1 = one.campaign(leader -> { })) {
            POLLING.until(one::isLeader);
            CuratorFramework raw = raw();
            String dir = "/services/" + state.services().get("riak").id() + "/leadership";
            for (String candidacy : raw.getChildren().forPath(dir)) {
                raw.delete().forPath(dir + "/" + candidacy); // as the session's expiry would
            }
            assertThrows(NotLeaderException.class, () -> one.mergeSettings(Map.of("ring", "late")));
            assertEquals(Map.of(), state.unit(second).leadership().settings());
        }
    }

    @Test
    void a_unit_with_no_campaign_in_this_process_does_not_lead() {
        ServiceLeadership one = agent1.unit(first).leadership();
        try (ServiceLeadership.Campaign c1 = one.campaign(leader -> { })) {
            POLLING.until(one::isLeader);
            assertEquals(OptionalLong.empty(), state.unit(first).leadership().confirmedTerm(),
                    "the administrator's connection stands in no campaign for the unit");
        }
    }

    @Test
    void a_released_campaign_taken_over_in_time_keeps_the_lead_and_its_term() {
        StateConnection agent = new CuratorStateConnection(new ConnectionConfig(zk.getConnectString(),
                Duration.ofSeconds(10), Duration.ofSeconds(5), chroot, List.of(admin)), List::of, Duration.ofSeconds(30));
        try (agent) {
            agent.awaitConnected(Duration.ofSeconds(10));
            ServiceLeadership one = agent.unit(first).leadership();
            ServiceLeadership.Campaign c1 = one.campaign(leader -> { });
            POLLING.until(one::isLeader);
            long term = one.confirmedTerm().getAsLong();
            c1.release();
            assertFalse(one.isLeader(), "a released campaign answers for nobody");
            List<Boolean> heard = new CopyOnWriteArrayList<>();
            try (ServiceLeadership.Campaign c2 = one.campaign(heard::add)) {
                assertEquals(OptionalLong.of(term), one.confirmedTerm());
                assertEquals(List.of(true), heard, "the successor hears that it leads");
            }
            assertFalse(one.isLeader());
        }
    }

    @Test
    void the_units_of_another_service_cannot_read_the_leader_settings() throws Exception {
        ServiceLeadership one = agent1.unit(first).leadership();
        try (ServiceLeadership.Campaign c1 = one.campaign(leader -> { })) {
            POLLING.until(one::isLeader);
            one.mergeSettings(Map.of("password", "hunter2"));
        }
        // machine 2 hosts a riak unit too: a session holding only mysql's unit credential is refused
        try (CuratorFramework mysqlOnly = as(unitCredentials(raw(), state.units().get(db).id()))) {
            String path = "/services/" + state.services().get("riak").id() + "/leader-settings";
            assertThrows(org.apache.zookeeper.KeeperException.NoAuthException.class,
                    () -> mysqlOnly.getData().forPath(path));
        }
    }

    @Test
    void oversized_leader_settings_are_refused_and_nothing_is_written() {
        ServiceLeadership one = agent1.unit(first).leadership();
        try (ServiceLeadership.Campaign c1 = one.campaign(leader -> { })) {
            POLLING.until(one::isLeader);
            StateException e = assertThrows(StateException.class,
                    () -> one.mergeSettings(Map.of("blob", "x".repeat(ServiceLeadership.MAX_SETTINGS_BYTES))));
            assertTrue(e.getMessage().contains("over the limit of " + ServiceLeadership.MAX_SETTINGS_BYTES), e.getMessage());
            assertEquals(Map.of(), one.settings());
        }
    }

    @Test
    void the_leader_alone_sets_the_application_status_and_the_charm_wins_over_the_agent() {
        ServiceLeadership one = agent1.unit(first).leadership();
        ServiceLeadership two = agent2.unit(second).leadership();
        java.time.Instant now = java.time.Instant.parse("2026-11-29T10:00:00Z");
        try (ServiceLeadership.Campaign c1 = one.campaign(leader -> { });
                ServiceLeadership.Campaign c2 = two.campaign(leader -> { })) {
            POLLING.until(one::isLeader);
            one.setApplicationStatus(new jujube.model.WorkloadStatus("blocked", "needs a ring", now));
            assertThrows(NotLeaderException.class,
                    () -> two.setApplicationStatus(new jujube.model.WorkloadStatus("active", "", now)));
            assertEquals(Optional.of(new jujube.model.WorkloadStatus("blocked", "needs a ring", now)),
                    two.applicationStatus());
            assertEquals(Map.of("riak", new jujube.model.WorkloadStatus("blocked", "needs a ring", now)),
                    state.overview().applicationStatuses());
        }

        UnitHandle unit = agent2.unit(second);
        jujube.model.UnitWorkload added = unit.workload().orElseThrow();
        assertEquals(new jujube.model.UnitWorkload(new jujube.model.WorkloadStatus("waiting", "waiting for machine",
                added.status().since()), false, ""), added, "Go juju's, as the unit is added: its agent replaces it");
        assertTrue(unit.setWorkloadStatus(new jujube.model.WorkloadStatus("maintenance", "installing", now), false));
        assertTrue(unit.setWorkloadStatus(new jujube.model.WorkloadStatus("active", "ready", now.plusSeconds(1)), true));
        assertFalse(unit.setWorkloadStatus(new jujube.model.WorkloadStatus("unknown", "", now.plusSeconds(2)), false),
                "the agent does not overwrite what the charm said");
        unit.setWorkloadVersion("2.4.1");
        assertEquals(Optional.of(new jujube.model.UnitWorkload(
                new jujube.model.WorkloadStatus("active", "ready", now.plusSeconds(1)), true, "2.4.1")), unit.workload());
        assertEquals(Optional.of(unit.workload().orElseThrow()), state.overview().units().stream()
                .filter(u -> u.info().name().equals(second)).findFirst().orElseThrow().workload());
    }

    @Test
    void the_leader_alone_writes_its_applications_bag_which_the_relations_units_read() throws Exception {
        String ring = state.relations().ofService("riak").get(0).id();
        ServiceLeadership one = agent1.unit(first).leadership();
        try (ServiceLeadership.Campaign c1 = one.campaign(leader -> { })) {
            POLLING.until(one::isLeader);
            assertEquals(Map.of(), agent1.unit(first).relationOf(ring).mergeAppSettings(Map.of("members", "2")));
            assertEquals(Map.of("members", "2"), agent1.unit(first).relationOf(ring)
                    .mergeAppSettings(java.util.Collections.singletonMap("members", null)),
                    "the bag as it was before");
            agent1.unit(first).relationOf(ring).mergeAppSettings(Map.of("token", "t1"));
            NotLeaderException refused = assertThrows(NotLeaderException.class,
                    () -> agent2.unit(second).relationOf(ring).mergeAppSettings(Map.of("token", "forged")));
            assertEquals("riak/1 is not the leader", refused.getMessage());
            jujube.model.RelationSettings read = agent2.unit(second).relationOf(ring).appSettings("riak");
            assertEquals(Map.of("token", "t1"), read.values(), "a peer reads its own application's bag");
            assertTrue(read.version() > 0);
        }
        // a unit of a service outside the relation reads no bag of it
        String path = "/relations/" + ring + "/app-settings/" + state.services().get("riak").id();
        try (CuratorFramework mysqlOnly = as(unitCredentials(raw(), state.units().get(db).id()))) {
            assertThrows(org.apache.zookeeper.KeeperException.NoAuthException.class,
                    () -> mysqlOnly.getData().forPath(path));
        }
        StateException outside = assertThrows(StateException.class,
                () -> agent2.unit(second).relationOf(ring).appSettings("mysql"));
        assertEquals("service mysql takes no part in relation " + ring, outside.getMessage());
    }

    @Test
    void a_units_charm_state_is_its_own_and_bounded() {
        UnitHandle unit = agent1.unit(first);
        unit.mergeCharmState(Map.of("a", "1", "b", "2"));
        unit.mergeCharmState(java.util.Collections.singletonMap("b", null));
        assertEquals(Map.of("a", "1"), unit.charmState());
        String big = "x".repeat(jujube.model.CharmStateLimits.MAX_VALUE_BYTES);
        Map<String, String> tooMuch = new java.util.HashMap<>();
        for (int i = 0; i < 5; i++) {
            tooMuch.put("k" + i, big);
        }
        jujube.model.SettingsTooLargeException refused = assertThrows(jujube.model.SettingsTooLargeException.class,
                () -> unit.mergeCharmState(tooMuch));
        assertEquals("the charm state of riak/0 would be over the limit of 262144 bytes", refused.getMessage());
        assertEquals(Map.of("a", "1"), unit.charmState(), "nothing written");
    }
}
