package jujube.state.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Reads of unchanged topology content reuse its parse, yet every reader gets a topology of its own. */
class TopologyStoreTest extends CuratorFixture {
    private static final String CONTENT = """
            version: 2
            machines:
              machine-0000000000: {provider-machine-id: local-0}
            services: {}
            unit-sequence: {}
            relations: {}
            """;
    private TopologyStore store;

    @BeforeEach
    void start() throws Exception {
        client.create().forPath(Paths.TOPOLOGY, CONTENT.getBytes(StandardCharsets.UTF_8));
        NodeReader reader = new NodeReader(client);
        store = new TopologyStore(reader, new VersionedNodes(reader), new TopologyMigrator(List::of), true);
    }

    @Test
    void what_one_reader_changes_no_other_reader_sees() {
        Topology first = store.read();
        first.machines.get("machine-0000000000").put("provider-machine-id", "changed by a reader");
        first.machines.put("machine-0000000009", new java.util.LinkedHashMap<>());

        Topology second = store.read();
        assertNotSame(first, second);
        assertEquals(Map.of("machine-0000000000", Map.of("provider-machine-id", "local-0")), Map.copyOf(second.machines));
        Topology watched = store.decode(CONTENT.getBytes(StandardCharsets.UTF_8));
        assertEquals("local-0", watched.machines.get("machine-0000000000").get("provider-machine-id"));
    }

    @Test
    void changed_content_is_parsed_again() throws Exception {
        store.read();
        client.setData().forPath(Paths.TOPOLOGY, CONTENT.replace("local-0", "local-7").getBytes(StandardCharsets.UTF_8));
        assertEquals("local-7", store.read().machines.get("machine-0000000000").get("provider-machine-id"));
    }
}
