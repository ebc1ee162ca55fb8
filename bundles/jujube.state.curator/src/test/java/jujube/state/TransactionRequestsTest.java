package jujube.state;

import jujube.state.curator.StateConnections;

import jujube.access.Credential;

import jujube.model.CharmRecord;
import jujube.model.NoSuchRelationException;
import jujube.model.NoSuchUnitException;
import jujube.model.Placement;
import jujube.model.UnitName;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrowsExactly;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Adding many units costs a fixed number of ZooKeeper requests, whatever their number, and what every hook
 * tool call looks up costs a few: counted by the server they arrive at, not timed.
 */
class TransactionRequestsTest {
    private CountingZooKeeper zk;
    private StateConnection state;

    @BeforeEach
    void start() throws Exception {
        zk = new CountingZooKeeper();
        state = StateConnections.open(new ConnectionConfig(zk.connectString(), Duration.ofSeconds(10),
                Duration.ofSeconds(5), "counted", List.of(Credential.generate(Credential.ADMIN))), List.of());
        state.awaitConnected(Duration.ofSeconds(10));
        state.initialize(new EnvironmentSettings("test", "local", "local", "local-0"));
        state.charms().publish(new CharmRecord("local:precise/app-1", "file:///charms/app", "sha", Map.of(), Map.of()));
    }

    @AfterEach
    void stop() throws Exception {
        state.close();
        zk.close();
    }

    private long requests(Runnable operation) {
        long before = zk.requests();
        operation.run();
        return zk.requests() - before;
    }

    private static ServiceDeployment deployment(String name, int units) {
        return new ServiceDeployment(name, "local:precise/app-1", Map.of("title", name),
                List.of(new ServiceDeployment.Peer("ring", "peers")), units, Placement.machine(0));
    }

    @Test
    void the_server_counts_each_request() {
        state.services().deploy(deployment("app", 0));
        long oneByOne = requests(() -> {
            for (int i = 0; i < 10; i++) {
                state.units().assign(state.units().add("app").name(), 0);
            }
        });
        assertTrue(oneByOne >= 20, "10 units added and assigned one by one: " + oneByOne + " requests");
    }

    @Test
    void a_deploy_of_500_units_costs_what_a_deploy_of_one_does() {
        long one = requests(() -> state.services().deploy(deployment("one", 1)));
        long many = requests(() -> state.services().deploy(deployment("many", 500)));
        assertEquals(500, state.services().get("many").units().size());
        assertEquals(one, many, "requests of a deploy of 500 units against one");
        // the sequences, the services and the root, the machine, the service's relations, the reservation
        // of its unit ids (a compare-and-set: three requests), then one write
        assertTrue(many <= 12, "a deploy is a few reads and a write: " + many + " requests");
    }

    @Test
    void adding_500_units_costs_what_adding_one_does() {
        state.services().deploy(deployment("app", 0));
        long one = requests(() -> state.units().add("app", 1, Placement.machine(0)));
        long many = requests(() -> state.units().add("app", 500, Placement.machine(0)));
        assertEquals(501, state.services().get("app").units().size());
        // reads of the topology, the service and its credentials, a write, then the ACL of the peer scope that
        // now holds them, which a multi cannot change: it names every unit of the service, whose nodes are
        // read 64 to a request
        assertTrue(many <= one + 2 * (501 / 64 + 1), "reads, a write and the scope's ACL: " + many + " requests, "
                + one + " for one unit");
    }

    @Test
    void adding_300_units_each_on_a_new_machine_costs_what_adding_one_does() {
        state.services().deploy(deployment("app", 0));
        long one = requests(() -> state.units().add("app", 1, Placement.unusedMachine()));
        long many = requests(() -> state.units().add("app", 300, Placement.unusedMachine()));
        assertEquals(301, state.services().get("app").units().size());
        assertEquals(302, state.machines().list().size(), "each unit on a new machine of its own");
        assertTrue(many <= one + 2 * (301 / 64 + 1), "reads, a write and the scope's ACL: " + many + " requests, "
                + one + " for one unit");
    }

    @Test
    void a_units_relation_and_a_related_units_settings_are_looked_up_in_a_few_requests() {
        state.services().deploy(deployment("app", 3));
        String relationId = state.relations().list().get(0).id();
        UnitName self = new UnitName("app", 0);
        UnitRelation warm = state.relations().of(relationId, self); // the connection learns the service's id
        warm.settingsOf(new UnitName("app", 2));

        long first = requests(() -> state.relations().of(relationId, new UnitName("app", 1)));
        long settings = requests(() -> warm.settingsOf(new UnitName("app", 1)));
        long of = requests(() -> state.relations().of(relationId, self));
        long again = requests(() -> warm.settingsOf(new UnitName("app", 1)));
        // a first lookup: the relation, the service and the unit's number entry in one batch, then the unit
        // and the relation's services in another; a first settings read: the number entry, then the node
        assertTrue(first <= 3, "a unit's first relation lookup: " + first + " requests");
        assertTrue(settings <= 3, "a related unit's settings: " + settings + " requests");
        // later: whether the relation and the unit still exist, in one batch; the unit's existence and its
        // settings, in one batch
        assertEquals(1, of, "a hook tool's relation lookup");
        assertEquals(1, again, "a related unit's settings read again");
    }

    @Test
    void a_lookup_kept_resolved_still_sees_a_removal() {
        state.services().deploy(deployment("app", 3));
        String relationId = state.relations().list().get(0).id();
        UnitName self = new UnitName("app", 0);
        UnitName gone = new UnitName("app", 2);
        UnitRelation view = state.relations().of(relationId, self);
        state.relations().of(relationId, gone);
        view.settingsOf(gone);

        state.units().remove(gone);
        assertThrowsExactly(NoSuchUnitException.class, () -> view.settingsOf(gone), "a removed related unit");
        assertThrowsExactly(NoSuchUnitException.class, () -> state.relations().of(relationId, gone), "a removed unit");
        state.relations().remove(relationId);
        assertThrowsExactly(NoSuchRelationException.class, () -> state.relations().of(relationId, self),
                "a removed relation");
    }
}
