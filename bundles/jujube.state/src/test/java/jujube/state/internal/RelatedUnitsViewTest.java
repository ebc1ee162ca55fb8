package jujube.state.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import jujube.state.RelationRole;
import jujube.state.RelationScope;
import jujube.state.UnitName;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.junit.jupiter.api.Test;

/**
 * A unit's view of a relation's scope: the counterpart's members with their settings versions, and which
 * changes of the shared subtree can change it (a requirer of a thousand-unit relation must not recompute
 * at each change of the other requirers).
 */
class RelatedUnitsViewTest extends CuratorFixture {
    private static final String RELATION = "relation-0000000003";

    @Test
    void a_client_sees_the_servers_and_depends_only_on_their_nodes() throws Exception {
        RelationScopePaths paths = RelationScopePaths.forUnit(RELATION, RelationScope.GLOBAL, "unit-0000000002", null);
        member(paths, RelationRole.SERVER, "unit-0000000001", "mysql/0");
        member(paths, RelationRole.CLIENT, "unit-0000000002", "blog/0");
        member(paths, RelationRole.CLIENT, "unit-0000000003", "blog/1");
        settings(paths, "unit-0000000001");
        client.setData().forPath(paths.settings("unit-0000000001"), bytes("{\"a\":\"1\"}"));
        settings(paths, "unit-0000000003");
        RelatedUnitsView view = new RelatedUnitsView(paths, RelationRole.SERVER, "unit-0000000002", new NodeReader(client));

        try (CuratorCache cache = loaded(paths.base())) {
            assertEquals(Map.of(UnitName.parse("mysql/0"), 1), view.related(cache));
        }
        assertTrue(view.dependsOn(paths.settings("unit-0000000001")), "the server's settings");
        assertTrue(view.dependsOn(paths.member(RelationRole.SERVER, "unit-0000000004")), "a server joining");
        assertTrue(view.dependsOn(paths.members(RelationRole.SERVER)), "the servers' directory");
        assertTrue(view.dependsOn(paths.base()), "the relation itself");
        assertFalse(view.dependsOn(paths.settings("unit-0000000003")), "another client's settings");
        assertFalse(view.dependsOn(paths.member(RelationRole.CLIENT, "unit-0000000005")), "another client joining");
    }

    @Test
    void a_peer_sees_the_other_peers_and_a_member_node_changed_is_read_again() throws Exception {
        RelationScopePaths paths = RelationScopePaths.forUnit(RELATION, RelationScope.GLOBAL, "unit-0000000001", null);
        member(paths, RelationRole.PEER, "unit-0000000001", "riak/0");
        member(paths, RelationRole.PEER, "unit-0000000002", "riak/1");
        RelatedUnitsView view = new RelatedUnitsView(paths, RelationRole.PEER, "unit-0000000001", new NodeReader(client));

        try (CuratorCache first = loaded(paths.base())) {
            assertEquals(Map.of(UnitName.parse("riak/1"), -1), view.related(first));
        }
        assertTrue(view.dependsOn(paths.settings("unit-0000000002")), "a peer's settings");
        assertFalse(view.dependsOn(paths.settings("unit-0000000009")), "the settings of a unit not in the scope");
        client.setData().forPath(paths.member(RelationRole.PEER, "unit-0000000002"), bytes("{\"name\":\"riak/7\"}"));
        settings(paths, "unit-0000000002");
        try (CuratorCache second = loaded(paths.base())) {
            assertEquals(Map.of(UnitName.parse("riak/7"), 0), view.related(second));
        }
    }

    private void member(RelationScopePaths paths, RelationRole role, String unitId, String name) throws Exception {
        client.create().creatingParentsIfNeeded().forPath(paths.member(role, unitId), bytes("{\"name\":\"" + name + "\"}"));
    }

    private void settings(RelationScopePaths paths, String unitId) throws Exception {
        client.create().creatingParentsIfNeeded().forPath(paths.settings(unitId), bytes("{}"));
    }

    private CuratorCache loaded(String path) throws InterruptedException {
        CuratorCache cache = CuratorCache.build(client, path);
        CountDownLatch initialized = new CountDownLatch(1);
        cache.listenable().addListener(CuratorCacheListener.builder().forInitialized(initialized::countDown).build());
        cache.start();
        assertTrue(initialized.await(10, TimeUnit.SECONDS), "the cache loaded");
        return cache;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
