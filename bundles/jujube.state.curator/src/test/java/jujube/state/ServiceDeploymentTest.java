package jujube.state;

import jujube.model.CharmRecord;
import jujube.model.MachineInfo;
import jujube.model.NoSuchCharmException;
import jujube.model.NoSuchMachineException;
import jujube.model.Placement;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationRole;
import jujube.model.UnitInfo;
import jujube.model.UnitName;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.Test;

/**
 * A deploy writes its service, options, peer relations and placed units as one transaction, and so
 * does adding units: all of it, or, when any part fails, nothing at all.
 */
class ServiceDeploymentTest extends ZooKeeperFixture {
    private static final String RIAK = "local:precise/riak-1";

    /** What a failed change must leave exactly as it was: the topology and the nodes below the parents. */
    private record Snapshot(byte[] topology, List<String> services, List<String> units, List<String> relations,
            List<String> machines) {}

    private CuratorFramework raw;

    private Snapshot snapshot() throws Exception {
        if (raw == null) {
            raw = raw();
        }
        return new Snapshot(raw.getData().forPath("/topology"), children("/services"), children("/units"),
                children("/relations"), children("/machines"));
    }

    private List<String> children(String path) throws Exception {
        return raw.getChildren().forPath(path).stream().sorted().toList();
    }

    private static void assertUnchanged(Snapshot before, Snapshot after) {
        assertArrayEquals(before.topology(), after.topology(), "topology unchanged");
        assertEquals(before.services(), after.services(), "no service node created");
        assertEquals(before.units(), after.units(), "no unit node created");
        assertEquals(before.relations(), after.relations(), "no relation node created");
        assertEquals(before.machines(), after.machines(), "no machine node created");
    }

    private static ServiceDeployment riak(int units, Placement placement, Map<String, Object> config) {
        return new ServiceDeployment("riak", RIAK, config, List.of(new ServiceDeployment.Peer("riak", "ring")), units,
                placement);
    }

    @Test
    void a_deploy_writes_the_service_its_options_peers_and_placed_units() throws Exception {
        charm("riak");
        DeployedService deployed = state.services().deploy(riak(3, Placement.machine(0), Map.of("n-val", 3)));

        List<UnitName> names = List.of(UnitName.parse("riak/0"), UnitName.parse("riak/1"), UnitName.parse("riak/2"));
        assertEquals(state.services().get("riak"), deployed.service());
        assertEquals(names, deployed.service().units());
        assertEquals(Map.of("n-val", 3), state.services().config("riak"));
        for (UnitInfo unit : deployed.units()) {
            assertEquals(unit, state.units().get(unit.name()));
            assertEquals(0, unit.machineId().getAsInt());
        }
        assertEquals(Set.copyOf(names), state.machines().assignedUnits(0));
        RelationInfo peer = state.relations().get(deployed.peers().get(0).id());
        assertEquals(List.of(new RelationEndpoint("riak", "ring", RelationRole.PEER)), peer.endpoints());
        assertNotNull(raw().checkExists().forPath("/relations/" + peer.id() + "/scope/peer"));
        assertNotNull(raw().checkExists().forPath("/relations/" + peer.id() + "/settings"));
        UnitRelation ring = state.relations().of(peer.id(), names.get(0));
        ring.updateSettings(Map.of("ready", "yes"));
        assertEquals("yes", ring.settings().values().get("ready"));
    }

    @Test
    void a_deploy_whose_units_cannot_be_placed_leaves_nothing() throws Exception {
        charm("riak");
        Snapshot before = snapshot();
        assertThrows(NoSuchMachineException.class, () -> state.services().deploy(riak(3, Placement.machine(7), Map.of())));
        assertUnchanged(before, snapshot());
        assertEquals(List.of(), state.services().list());
        assertEquals(List.of(), state.relations().list());
    }

    @Test
    void a_deploy_whose_options_are_over_the_node_limit_leaves_nothing() throws Exception {
        charm("riak");
        Snapshot before = snapshot();
        NodeTooLargeException e = assertThrows(NodeTooLargeException.class,
                () -> state.services().deploy(riak(2, Placement.machine(0), Map.of("blob", "x".repeat(1_100_000)))));
        assertTrue(e.getMessage().contains("/config"), e.getMessage());
        assertUnchanged(before, snapshot());
    }

    @Test
    void a_deploy_of_a_charm_removed_meanwhile_leaves_nothing() throws Exception {
        charm("riak");
        raw().delete().forPath("/charms/" + java.net.URLEncoder.encode(RIAK, java.nio.charset.StandardCharsets.UTF_8));
        Snapshot before = snapshot();
        assertThrows(NoSuchCharmException.class, () -> state.services().deploy(riak(2, Placement.machine(0), Map.of())));
        assertUnchanged(before, snapshot());
    }

    @Test
    void units_over_what_one_request_carries_are_refused_whole_and_the_connection_stays() throws Exception {
        // a long charm id makes each unit's node large enough for the most units a request adds to pass the limit
        String charmId = "local:precise/" + "r".repeat(120) + "-1";
        state.charms().publish(new CharmRecord(charmId, "file:///charms/r", "sha", Map.of(), Map.of()));
        state.services().add("big", charmId);
        state.units().add("big", 3, Placement.machine(0));
        Snapshot before = snapshot();
        TransactionTooLargeException e = assertThrows(TransactionTooLargeException.class,
                () -> state.units().add("big", Units.MAX_UNITS_PER_REQUEST, Placement.machine(0)));
        assertTrue(e.getMessage().startsWith("adding 5000 units to service 'big': one transaction of "), e.getMessage());
        assertTrue(e.getMessage().contains("over the limit of 1040000 bytes"), e.getMessage());
        assertUnchanged(before, snapshot());
        assertTrue(state.connectionState().isConnected());
        assertEquals(UnitName.parse("big/3"), state.units().add("big", 1, Placement.machine(0)).get(0).name());
    }

    @Test
    void units_on_unused_machines_take_the_free_ones_then_new_ones() {
        charm("riak");
        charm("mysql");
        int one = state.machines().add().id();
        int two = state.machines().add().id();
        state.services().add("mysql", "local:precise/mysql-1");
        state.units().add("mysql", 1, Placement.machine(one));
        List<UnitInfo> units = state.services().deploy(riak(3, Placement.unusedMachine(), Map.of())).units();
        List<Integer> machines = units.stream().map(u -> u.machineId().getAsInt()).toList();
        assertEquals(List.of(two, two + 1, two + 2), machines);
        assertEquals(List.of(0, one, two, two + 1, two + 2), state.machines().list().stream().map(MachineInfo::id).toList());
        for (UnitInfo u : units) {
            assertEquals(Set.of(u.name()), state.machines().assignedUnits(u.machineId().getAsInt()));
        }
        // only the machines placement made are the units': the free one the operator added stays the operator's
        assertEquals(List.of(false, false, false, true, true), state.machines().list().stream()
                .map(m -> state.machines().madeForUnit(m.id())).toList());
        assertTrue(state.machine(two + 1).madeForUnit());
    }

    @Test
    void writers_adding_units_at_once_each_get_machines_of_their_own() throws Exception {
        int writers = 4;
        int each = 5;
        int rounds = 3;
        charm("riak");
        state.services().add("riak", RIAK);
        CyclicBarrier start = new CyclicBarrier(writers);
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        List<Future<List<UnitInfo>>> done = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            StateConnection mine = connect(List.of());
            done.add(pool.submit((Callable<List<UnitInfo>>) () -> {
                start.await();
                List<UnitInfo> added = new ArrayList<>();
                for (int r = 0; r < rounds; r++) {
                    added.addAll(mine.units().add("riak", each, Placement.unusedMachine()));
                }
                return added;
            }));
        }
        Set<UnitName> names = new HashSet<>();
        Set<Integer> machines = new HashSet<>();
        for (Future<List<UnitInfo>> f : done) {
            for (UnitInfo u : f.get(60, TimeUnit.SECONDS)) {
                assertTrue(names.add(u.name()), u.name() + " handed out once");
                assertTrue(machines.add(u.machineId().getAsInt()), "machine " + u.machineId() + " taken once");
            }
        }
        pool.shutdown();
        int total = writers * each * rounds;
        assertEquals(total, state.services().get("riak").units().size());
        assertEquals(total + 1, state.machines().list().size());
        assertEquals(total, raw().getChildren().forPath("/units").size(), "no node without its unit");
        for (int n = 0; n < total; n++) {
            assertTrue(names.contains(new UnitName("riak", n)), "riak/" + n);
        }
    }
}
