package jujube.state.store;

import jujube.state.store.MemoryTopologySource;
import jujube.state.store.Paths;
import jujube.state.store.Topology;
import jujube.state.store.TopologyChanges;
import jujube.state.store.TopologyNodes;
import jujube.state.store.TopologySource;
import jujube.state.store.TopologyStore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import jujube.model.MachineHasUnitsException;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.model.UnitName;
import jujube.state.store.TopologyEntries.EndpointEntry;
import org.junit.jupiter.api.Test;

/**
 * A look at the sharded topology reads the nodes it is asked about and writes the nodes it changes: what
 * one unit needs costs the same however many units the environment has, and a change to one unit is
 * written as that unit's nodes.
 */
class TopologyStoreTest {
    /** Counts the nodes and child lists a look reads. */
    private static final class CountingSource implements TopologySource {
        final TopologySource real;
        final AtomicInteger reads = new AtomicInteger();

        CountingSource(TopologySource real) {
            this.real = real;
        }

        @Override
        public Map<String, Shard> read(Collection<String> paths) {
            reads.addAndGet(paths.size());
            return real.read(paths);
        }

        @Override
        public List<String> children(String path) {
            reads.incrementAndGet();
            return real.children(path);
        }
    }

    /** Nodes of an environment: three services, {@code units} units of "app" on machines 1 to 10, a relation. */
    private static Map<String, Map<String, Object>> environment(int units) {
        Topology t = new Topology(new MemoryTopologySource(TopologyStore.initialNodes()));
        TopologyChanges.addService(t, "service-0000000000", "app");
        TopologyChanges.addService(t, "service-0000000001", "db");
        TopologyChanges.addService(t, "service-0000000002", "cache");
        for (int m = 1; m <= 10; m++) {
            TopologyChanges.addMachine(t, Paths.machineKey(m));
        }
        for (int i = 0; i < units; i++) {
            String id = String.format("unit-%010d", i);
            TopologyChanges.addUnit(t, "service-0000000000", id, null);
            TopologyChanges.assignUnit(t, id, Paths.machineKey(1 + i % 10));
        }
        TopologyChanges.addUnit(t, "service-0000000001", "unit-1000000000", null);
        Map<String, EndpointEntry> ends = new TreeMap<>(Map.of(
                "service-0000000000", new EndpointEntry("db", RelationRole.CLIENT),
                "service-0000000001", new EndpointEntry("server", RelationRole.SERVER)));
        TopologyChanges.addRelation(t, "relation-0000000000", "mysql", RelationScope.GLOBAL, ends);
        Map<String, Map<String, Object>> nodes = new LinkedHashMap<>(TopologyStore.initialNodes());
        t.nodes().written().forEach(w -> nodes.put(w.path(), w.content()));
        return nodes;
    }

    /** What a unit agent looks up about its unit at start, and how many reads it took. */
    private static int readsForOneUnit(int units) {
        CountingSource source = new CountingSource(new MemoryTopologySource(environment(units)));
        Topology t = new Topology(source);
        String id = t.unitId(new UnitName("app", 7));
        assertEquals(new UnitName("app", 7), t.unitName(id));
        assertEquals(Paths.machineKey(8), t.unit(id).machine());
        assertEquals(List.of("relation-0000000000"), List.copyOf(t.relationsOfService(t.serviceOfUnit(id))));
        assertEquals("mysql", t.relation("relation-0000000000").interfaceName());
        return source.reads.get();
    }

    @Test
    void what_one_unit_needs_costs_the_same_reads_at_10_000_units_as_at_100() {
        int small = readsForOneUnit(100);
        assertEquals(small, readsForOneUnit(10_000));
    }

    /** The containers of two units and of one that does not exist, and how many reads they took. */
    private static int readsForTwoContainers(int units) {
        CountingSource source = new CountingSource(new MemoryTopologySource(environment(units)));
        Topology t = new Topology(source);
        UnitName app = new UnitName("app", 7);
        UnitName db = new UnitName("db", 0);
        assertEquals(Map.of(app, app, db, db), t.containers(List.of(app, db, new UnitName("app", units + 5))));
        return source.reads.get();
    }

    @Test
    void the_containers_of_some_units_cost_the_same_reads_at_10_000_units_as_at_100() {
        int small = readsForTwoContainers(100);
        assertEquals(small, readsForTwoContainers(10_000));
    }

    @Test
    void a_change_writes_the_nodes_of_what_it_changes_only() {
        Topology t = new Topology(new MemoryTopologySource(environment(1_000)));
        TopologyChanges.addUnit(t, "service-0000000000", "unit-2000000000", null);
        TopologyChanges.assignUnit(t, "unit-2000000000", Paths.machineKey(3));
        assertEquals(Set.of("/topology/machines/machine-0000000003/unit-2000000000",
                "/topology/services/service-0000000000/units/1000", "/topology/units/unit-2000000000",
                "/topology/services/service-0000000000"), written(t));

        t = new Topology(new MemoryTopologySource(environment(1_000)));
        TopologyChanges.removeUnit(t, t.unitId(new UnitName("app", 5)));
        assertEquals(Set.of("/topology/machines/machine-0000000006/unit-0000000005",
                "/topology/services/service-0000000000/units/5", "/topology/units/unit-0000000005"), written(t));
    }

    private static Set<String> written(Topology t) {
        return t.nodes().written().stream().map(TopologyNodes.Written::path).collect(java.util.stream.Collectors.toSet());
    }

    @Test
    void a_machine_with_units_stays_and_an_emptied_one_goes() {
        Topology t = new Topology(new MemoryTopologySource(environment(10)));
        MachineHasUnitsException e = assertThrows(MachineHasUnitsException.class,
                () -> TopologyChanges.removeMachine(t, Paths.machineKey(4)));
        assertEquals("machine 4 has units [app/3]; remove or unassign them first", e.getMessage());
        TopologyChanges.removeUnit(t, t.unitId(new UnitName("app", 3)));
        TopologyChanges.removeMachine(t, Paths.machineKey(4));
        assertEquals(false, t.hasMachine(Paths.machineKey(4)));
        assertEquals(10, t.machineKeys().size(), "machine 0 and the nine others");
    }
}
