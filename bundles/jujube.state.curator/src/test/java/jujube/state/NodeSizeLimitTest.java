package jujube.state;

import jujube.model.CharmRecord;
import jujube.model.RelationInfo;
import jujube.model.UnitName;

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
        RelationInfo r = blogAndMysql();
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

    @Test
    void a_charm_too_large_is_refused_naming_the_limit_not_as_a_zookeeper_failure() {
        NodeTooLargeException e = assertThrows(NodeTooLargeException.class, () -> state.charms().publish(
                new CharmRecord("local:precise/huge-1", "file:///charms/huge", "sha-huge",
                        Map.of("name", "huge", "description", HUGE), Map.of())));
        assertTrue(e.getMessage().matches("node /charms/local%3Aprecise%2Fhuge-1: 150\\d{4} bytes of content,"
                + " over the limit of 1000000 bytes a node may hold"), e.getMessage());
        assertTrue(state.charms().find("local:precise/huge-1").isEmpty());
    }

    @Test
    void services_running_charms_near_the_limit_still_have_an_overview() {
        // each node fits, but two of them exceed the packet a client accepts (jute.maxbuffer, 1 MiB):
        // read together, in one multi-read, they broke the connection and every status after
        String big = "d".repeat(600_000);
        for (String name : List.of("first", "second")) {
            String id = "local:precise/" + name + "-1";
            state.charms().publish(new CharmRecord(id, "file:///charms/" + name, "sha-" + name,
                    Map.of("name", name, "description", big), Map.of()));
            state.services().add(name, id);
        }
        EnvironmentOverview overview = state.overview();
        assertEquals(big, overview.charms().get("local:precise/second-1").metadata().get("description"));
        assertEquals(2, overview.charms().size());
        assertTrue(state.connectionState().isConnected());
    }
}
