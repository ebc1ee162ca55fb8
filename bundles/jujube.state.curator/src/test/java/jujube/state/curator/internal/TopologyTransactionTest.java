package jujube.state.curator.internal;

import jujube.state.curator.internal.CuratorStateConnection;

import jujube.state.store.CuratorFixture;

import jujube.state.store.Paths;
import jujube.state.store.TopologyTransaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import jujube.model.CharmRecord;
import jujube.state.ConnectionConfig;
import jujube.state.EnvironmentSettings;
import jujube.model.Placement;
import jujube.model.RelationEndpoint;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.state.ServiceDeployment;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Op;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What happens to a transaction between its read and its answer: another writer changing the topology,
 * an id taken by a node nobody knew of, an answer lost with the connection after the server applied the
 * request or before it got it. Each time the change is made exactly once, and nothing of a failed attempt
 * is left.
 */
class TopologyTransactionTest extends CuratorFixture {
    private static final String NAMESPACE = "txn";
    private static final String APP = "local:precise/app-1";
    private final AtomicInteger sent = new AtomicInteger();
    /** Requests refused because the topology changed since it was read. */
    private final AtomicInteger lost = new AtomicInteger();
    private CuratorStateConnection state;
    private CuratorStateConnection other;

    @AfterEach
    void close() {
        for (CuratorStateConnection c : new CuratorStateConnection[] {state, other}) {
            if (c != null) {
                c.close();
            }
        }
    }

    /** What happens instead of the first request sent: it gets the ops and the real sender. */
    private interface FirstRequest {
        void happen(List<Op> ops, TopologyTransaction.Sender real) throws Exception;
    }

    private void connect(FirstRequest first) {
        ConnectionConfig config = new ConnectionConfig(zk.getConnectString(), Duration.ofSeconds(10), Duration.ofSeconds(5),
                NAMESPACE, List.of(admin));
        state = new CuratorStateConnection(config, List::of, Duration.ofSeconds(1), real -> ops -> {
            if (sent.incrementAndGet() == 1) {
                first.happen(ops, real);
            }
            try {
                return real.multi(ops);
            } catch (KeeperException.BadVersionException e) {
                lost.incrementAndGet();
                throw e;
            }
        });
        state.awaitConnected(Duration.ofSeconds(10));
        state.initialize(new EnvironmentSettings("test", "local", "local", "local-0"));
        other = new CuratorStateConnection(config, List::of);
        other.awaitConnected(Duration.ofSeconds(10));
        other.charms().publish(new CharmRecord(APP, "file:///charms/app", "sha", Map.of(), Map.of()));
        other.services().add("other", APP);
        other.services().add("app", APP);
        sent.set(0);
        lost.set(0);
    }

    private static ServiceDeployment deployment(int units) {
        return new ServiceDeployment("blog", APP, Map.of(), List.of(), units, Placement.machine(0));
    }

    private List<String> unitNodes() throws Exception {
        return client.getChildren().forPath("/" + NAMESPACE + Paths.UNITS);
    }

    @Test
    void a_topology_changed_between_read_and_write_makes_the_transaction_start_again() throws Exception {
        // a service added meanwhile: the set of services (the topology's root) the deploy read has changed
        connect((ops, real) -> other.services().add("late", APP));

        assertEquals(50, state.services().deploy(deployment(50)).units().size());
        assertEquals(2, sent.get(), "the request was sent again");
        assertEquals(50, state.services().get("blog").units().size());
        assertEquals(List.of("app", "blog", "late", "other"), state.services().list().stream().map(s -> s.name()).toList());
        assertEquals(50, unitNodes().size(), "no node left of the lost attempt");
    }

    @Test
    void a_change_to_other_parts_of_the_topology_does_not_make_it_start_again() throws Exception {
        // a machine added and a unit added to another service meanwhile: nodes the deploy neither read nor wrote
        connect((ops, real) -> {
            other.machines().add();
            other.relations().add("cache", RelationScope.GLOBAL, List.of(new RelationEndpoint("other", "c", RelationRole.CLIENT),
                    new RelationEndpoint("app", "s", RelationRole.SERVER)));
        });

        assertEquals(50, state.services().deploy(deployment(50)).units().size());
        assertEquals(1, sent.get(), "sent once");
        assertEquals(0, lost.get());
        assertEquals(List.of(0, 1), state.machines().list().stream().map(m -> m.id()).toList());
        assertEquals(1, state.relations().list().size());
        assertEquals(50, unitNodes().size());
    }

    @Test
    void an_id_taken_in_the_middle_fails_the_whole_request_and_the_next_starts_above_it() throws Exception {
        String[] planted = new String[1];
        connect((ops, real) -> {
            List<String> units = ops.stream().map(Op::getPath).filter(p -> p.startsWith("/" + NAMESPACE + Paths.UNIT_PREFIX)).toList();
            planted[0] = units.get(units.size() / 2);
            client.create().forPath(planted[0], "planted".getBytes(StandardCharsets.UTF_8));
        });
        List<UnitInfo> units = state.units().add("app", 40, Placement.machine(0));
        assertEquals(2, sent.get(), "the request was sent again");
        assertEquals(40, state.services().get("app").units().size());
        assertEquals(41, unitNodes().size(), "the 40 units and the planted node, nothing of the failed request");
        assertEquals("planted", new String(client.getData().forPath(planted[0]), StandardCharsets.UTF_8));
        String plantedId = Paths.name(planted[0]);
        assertFalse(units.stream().anyMatch(u -> u.id().equals(plantedId)), "no unit took the planted node");
        int plantedNumber = Integer.parseInt(plantedId.substring("unit-".length()));
        assertTrue(units.stream().allMatch(u -> Integer.parseInt(u.id().substring("unit-".length())) > plantedNumber),
                "ids start above the taken one: " + units.get(0).id());
    }

    @Test
    void an_answer_lost_after_the_server_applied_the_request_is_not_applied_again() throws Exception {
        connect((ops, real) -> {
            real.multi(ops);
            throw new KeeperException.ConnectionLossException();
        });
        List<UnitInfo> units = state.units().add("app", 30, Placement.machine(0));
        assertEquals(1, sent.get(), "the witness told it was applied: not sent again");
        assertEquals(30, units.size());
        assertEquals(units.stream().map(UnitInfo::name).toList(), state.services().get("app").units());
        assertEquals(30, unitNodes().size());
    }

    @Test
    void a_request_lost_before_the_server_got_it_is_sent_again() throws Exception {
        connect((ops, real) -> {
            throw new KeeperException.ConnectionLossException();
        });
        List<UnitInfo> units = state.units().add("app", 30, Placement.machine(0));
        assertEquals(2, sent.get(), "the witness was missing: sent again");
        assertEquals(units.stream().map(UnitInfo::name).toList(), state.services().get("app").units());
        assertEquals(30, unitNodes().size());
    }
}
