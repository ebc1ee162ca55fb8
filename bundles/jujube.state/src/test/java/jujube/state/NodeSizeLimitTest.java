package jujube.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A write over what a node may hold is refused before it reaches ZooKeeper, whose own refusal closes
 * the connection every agent of the process shares: the node keeps its content, and the same
 * connection goes on writing at once.
 */
class NodeSizeLimitTest extends ZooKeeperFixture {
    private static final String HUGE = "x".repeat(1_500_000);

    @Test
    void a_configuration_too_large_is_refused_with_the_node_and_the_limit() {
        charm("wordpress");
        state.services().add("blog", "local:precise/wordpress-1");
        state.services().updateConfig("blog", Map.of("title", "small"));
        NodeTooLargeException e = assertThrows(NodeTooLargeException.class,
                () -> state.services().updateConfig("blog", Map.of("title", HUGE)));
        assertTrue(e.getMessage().contains("over the limit of 1000000 bytes"), e.getMessage());
        assertTrue(e.getMessage().contains("/config"), e.getMessage());
        assertEquals(Map.of("title", "small"), state.services().config("blog"));
        assertTrue(state.connectionState().isConnected());
        state.services().updateConfig("blog", Map.of("title", "after"));
        assertEquals(Map.of("title", "after"), state.services().config("blog"));
    }

    @Test
    void relation_settings_too_large_are_refused_and_the_unit_goes_on() {
        charm("mysql");
        charm("wordpress");
        state.services().add("mysql", "local:precise/mysql-1");
        state.services().add("blog", "local:precise/wordpress-1");
        RelationInfo r = state.relations().add("mysql", RelationScope.GLOBAL, List.of(
                new RelationEndpoint("blog", "db", RelationRole.CLIENT),
                new RelationEndpoint("mysql", "server", RelationRole.SERVER)));
        UnitName db = state.units().add("mysql").name();
        UnitRelation relation = state.relations().of(r.id(), db);
        relation.updateSettings(Map.of("user", "u"));
        // each value alone fits; together they do not
        String half = "y".repeat(600_000);
        relation.updateSettings(Map.of("a", half));
        assertThrows(NodeTooLargeException.class, () -> relation.updateSettings(Map.of("b", half)));
        assertEquals(Map.of("user", "u", "a", half), relation.settings().values());
        relation.updateSettings(Map.of("user", "v"));
        assertEquals("v", relation.settings().values().get("user"));
    }
}
