package jujube.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

    @Test
    void an_older_topology_is_migrated_and_stored_before_it_is_read() throws Exception {
        plant("/topology", "version: 1\nmachines: {machine-0000000000: {}}\n");
        List<Integer> ran = new java.util.concurrent.CopyOnWriteArrayList<>();
        StateConnection c = connect(List.of(bump(1, ran)));
        assertEquals(1, c.machines().list().size());
        assertEquals(List.of(1), ran);
        String stored = new String(raw().getData().forPath("/topology"), StandardCharsets.UTF_8);
        // stored as YAML that is also JSON: what a YAML parser reads from it is version 2
        assertEquals(2, new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
                .readValue(stored, Map.class).get("version"), stored);
        c.machines().list();
        assertEquals(List.of(1), ran, "a migrated topology is not migrated again");
    }

    @Test
    void a_newer_topology_is_refused_and_a_missing_step_is_named() throws Exception {
        plant("/topology", "version: 3\n");
        IncompatibleTopologyException e = assertThrows(IncompatibleTopologyException.class, () -> state.machines().list());
        assertEquals("incompatible topology version (found 3, want 2)", e.getMessage());
        plant("/topology", "version: 1\n");
        e = assertThrows(IncompatibleTopologyException.class, () -> state.units().list());
        assertTrue(e.getMessage().contains("no migration from version 1"), e.getMessage());
    }

    @Test
    void bad_node_content_names_the_node_and_the_problem() throws Exception {
        charm("app");
        state.services().add("app", "local:precise/app-1");
        UnitName u = state.units().add("app").name();
        String topology = new String(raw().getData().forPath("/topology"), StandardCharsets.UTF_8);
        Map<String, String> cases = Map.of(
                "version: 2\nservices: [a, b]\n", "'services' is not a map but a list",
                "version: 2\nservices: {service-0000000000: {units: {}}}\n", "'services.service-0000000000.name' is missing",
                "version: 2\nrelations: {relation-1: {interface: x, scope: galactic, services: {}}}\n",
                "'relations.relation-1.scope' is 'galactic', not global or container",
                "version: two\n", "'version' is not an integer",
                "- just\n- a list\n", "content is not a YAML map");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            plant("/topology", c.getKey());
            CorruptStateException e = assertThrows(CorruptStateException.class, () -> state.services().list(), c.getKey());
            assertTrue(e.getMessage().startsWith("node /topology: "), e.getMessage());
            assertTrue(e.getMessage().contains(c.getValue()), e.getMessage());
        }
        plant("/topology", topology);
        String unitPath = "/units/" + state.units().get(u).id();
        plant(unitPath, "charm: {a: b}\n");
        CorruptStateException e = assertThrows(CorruptStateException.class, () -> state.units().get(u));
        assertEquals("node " + unitPath + ": 'charm' is not a string but a map", e.getMessage());
        raw().create().forPath(unitPath + "/upgrade", "force: maybe\n".getBytes(StandardCharsets.UTF_8));
        e = assertThrows(CorruptStateException.class, () -> state.units().flags(u));
        assertTrue(e.getMessage().startsWith("node " + unitPath + "/upgrade: 'force' is not true or false"), e.getMessage());
    }
}
