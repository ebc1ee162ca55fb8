package jujube.state;

import jujube.model.MachineInfo;
import jujube.model.UnitName;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.Test;

/** Migration running and bad node content, with test-made migration steps and planted nodes. */
class TopologyVersionTest extends ZooKeeperFixture {

    private void plant(String path, String yaml) throws Exception {
        raw().setData().forPath(path, yaml.getBytes(StandardCharsets.UTF_8));
    }

    /** A step that only bumps the version and records that it ran. */
    private static TopologyMigration bump(int from, List<Integer> ran) {
        return new TopologyMigration() {
            @Override
            public int fromVersion() {
                return from;
            }

            @Override
            public Map<String, Object> migrate(Map<String, Object> topology) {
                ran.add(from);
                Map<String, Object> next = new LinkedHashMap<>(topology);
                next.put("version", from + 1);
                return next;
            }
        };
    }

    /**
     * A step from version 2 to this code's version 3 that lays out the machines of its input as version-3
     * nodes (what {@code jujube.state.migration} does in full), and records that it ran.
     */
    private static TopologyMigration layOut(List<Integer> ran) {
        return new TopologyMigration() {
            @Override
            public int fromVersion() {
                return 2;
            }

            @Override
            @SuppressWarnings("unchecked")
            public Map<String, Object> migrate(Map<String, Object> topology) {
                ran.add(2);
                Map<String, Object> nodes = new LinkedHashMap<>();
                nodes.put("/topology", Map.of("version", 3));
                for (String index : List.of("machines", "services", "units", "relations")) {
                    nodes.put("/topology/" + index, Map.of());
                }
                ((Map<String, Object>) topology.get("machines")).keySet().forEach(k -> nodes.put("/topology/machines/" + k, Map.of()));
                return Map.of("version", 3, "nodes", nodes);
            }
        };
    }

    /** Replaces the stored topology by the older document {@code yaml}: its root only, no nodes below. */
    private void plantDocument(String yaml) throws Exception {
        try (CuratorFramework raw = raw()) {
            raw.delete().deletingChildrenIfNeeded().forPath("/topology");
            raw.create().forPath("/topology", yaml.getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void an_older_topology_is_migrated_and_stored_before_it_is_read() throws Exception {
        plantDocument("version: 1\nmachines: {machine-0000000000: {}, machine-0000000004: {}}\n");
        List<Integer> ran = new java.util.concurrent.CopyOnWriteArrayList<>();
        StateConnection c = connect(List.of(bump(1, ran), layOut(ran)));
        assertEquals(List.of(0, 4), c.machines().list().stream().map(MachineInfo::id).toList());
        assertEquals(List.of(1, 2), ran);
        String stored = new String(raw().getData().forPath("/topology"), StandardCharsets.UTF_8);
        // stored as YAML that is also JSON: what a YAML parser reads from it is version 3
        assertEquals(3, new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
                .readValue(stored, Map.class).get("version"), stored);
        assertEquals(List.of("machine-0000000000", "machine-0000000004"), raw().getChildren().forPath("/topology/machines"));
        connect(List.of(bump(1, ran), layOut(ran))).machines().list();
        assertEquals(List.of(1, 2), ran, "a migrated topology is not migrated again");
    }

    @Test
    void a_newer_topology_is_refused_and_a_missing_step_is_named() throws Exception {
        plant("/topology", "version: 4\n");
        IncompatibleTopologyException e = assertThrows(IncompatibleTopologyException.class,
                () -> connect(List.of()).machines().list());
        assertEquals("incompatible topology version (found 4, want 3)", e.getMessage());
        plant("/topology", "version: 1\n");
        e = assertThrows(IncompatibleTopologyException.class, () -> connect(List.of()).units().list());
        assertTrue(e.getMessage().contains("no migration from version 1"), e.getMessage());
    }

    @Test
    void bad_node_content_names_the_node_and_the_problem() throws Exception {
        charm("app");
        state.services().add("app", "local:precise/app-1");
        UnitName u = state.units().add("app").name();
        String unitId = state.units().get(u).id();
        String service = "/topology/services/service-0000000000";
        String unit = "/topology/units/" + unitId;
        Map<String, String> before = new LinkedHashMap<>();
        for (String path : List.of(service, unit)) {
            before.put(path, new String(raw().getData().forPath(path), StandardCharsets.UTF_8));
        }
        record Case(String path, String content, String problem) {}
        List<Case> cases = List.of(
                new Case(service, "unit-sequence: 1\n", "'name' is missing"),
                new Case(service, "name: app\nunit-sequence: many\n", "'unit-sequence' is not an integer"),
                new Case(service, "- just\n- a list\n", "content is not a YAML map"),
                new Case(unit, "service: service-0000000000\nsequence: 0\nmachine: {a: b}\n", "'machine' is not a string but a map"));
        for (Case c : cases) {
            plant(c.path(), c.content());
            CorruptStateException e = assertThrows(CorruptStateException.class, () -> state.units().get(u), c.content());
            assertTrue(e.getMessage().startsWith("node " + c.path() + ": "), e.getMessage());
            assertTrue(e.getMessage().contains(c.problem()), e.getMessage());
            plant(c.path(), before.get(c.path()));
        }
        plant("/topology", "version: two\n");
        CorruptStateException root = assertThrows(CorruptStateException.class, () -> connect(List.of()).services().list());
        assertEquals("node /topology: 'version' is not an integer but string 'two'", root.getMessage());
        plant("/topology", "version: 3\n");
        String unitPath = "/units/" + unitId;
        plant(unitPath, "charm: {a: b}\n");
        CorruptStateException e = assertThrows(CorruptStateException.class, () -> state.units().get(u));
        assertEquals("node " + unitPath + ": 'charm' is not a string but a map", e.getMessage());
        raw().create().forPath(unitPath + "/upgrade", "force: maybe\n".getBytes(StandardCharsets.UTF_8));
        e = assertThrows(CorruptStateException.class, () -> state.units().flags(u));
        assertTrue(e.getMessage().startsWith("node " + unitPath + "/upgrade: 'force' is not true or false"), e.getMessage());
    }
}
