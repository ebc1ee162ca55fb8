package jujube.state;

import jujube.model.RelationInfo;
import jujube.model.UnitName;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import jujube.state.curator.internal.CuratorStateConnection;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A released presence is handed over to a successor in the same connection (a unit agent reactivated
 * after a bundle update) without its node ever being deleted, and removed when nobody takes it over.
 */
class PresenceReleaseTest extends ZooKeeperFixture {
    private RelationInfo relation;
    private UnitName blog;
    private UnitName db;

    @BeforeEach
    void relatedUnits() {
        relation = blogAndMysql();
        blog = state.units().add("blog").name();
        db = state.units().add("mysql").name();
        for (UnitName u : List.of(blog, db)) {
            state.units().setAddresses(u, u.service() + ".example", "10.0.0." + u.number());
        }
    }

    @Test
    void a_rejoin_within_the_grace_period_adopts_the_node_without_deleting_it() throws Exception {
        CuratorFramework raw = raw();
        try (StateConnection agent = connection(Duration.ofSeconds(30))) {
            Presence first = agent.units().connectAgent(blog);
            String unitNode = first.path().substring(0, first.path().lastIndexOf('/'));
            long created = raw.checkExists().forPath(first.path()).getCzxid();
            List<String> removed = new CopyOnWriteArrayList<>();
            try (CuratorCache cache = CuratorCache.build(raw, unitNode)) {
                cache.listenable().addListener(CuratorCacheListener.builder()
                        .forDeletes(d -> removed.add(d.getPath())).build());
                cache.start();
                POLLING.until(() -> cache.get(first.path()).isPresent());

                first.release();
                first.close(); // a spent handle: closing it must not take the node from the successor
                Presence second = agent.units().connectAgent(blog);

                assertEquals(first.path(), second.path());
                assertTrue(second.isPresent());
                Stat now = raw.checkExists().forPath(second.path());
                assertNotNull(now, "the node survived the hand-over");
                assertEquals(created, now.getCzxid(), "the same ephemeral node, never re-created");
                assertTrue(state.units().get(blog).agentConnected());

                second.close(); // the agent goes: gone at once, as before
                POLLING.until(() -> removed.contains(first.path()));
                assertEquals(List.of(first.path()), removed, "nothing was removed before the close");
                assertNull(raw.checkExists().forPath(first.path()));
            }
        }
    }

    @Test
    void a_released_node_nobody_takes_over_is_removed_after_the_grace_period() throws Exception {
        CuratorFramework raw = raw();
        try (StateConnection agent = connection(Duration.ofMillis(300))) {
            UnitRelation member = agent.relations().of(relation.id(), blog);
            member.enterScope();
            Presence unitAgent = agent.units().connectAgent(blog);
            unitAgent.release();
            assertNotNull(raw.checkExists().forPath(unitAgent.path()), "kept for a successor at first");
            POLLING.until(() -> !exists(raw, unitAgent.path()));
            assertEquals(Set.of(blog), state.relations().of(relation.id(), db).relatedUnits(),
                    "the agent's presence went, its membership stays");
        }
    }

    @Test
    void closing_the_connection_removes_released_nodes() throws Exception {
        CuratorFramework raw = raw();
        Presence presence;
        try (StateConnection agent = connection(Duration.ofMinutes(10))) {
            presence = agent.units().connectAgent(blog);
            presence.release();
            assertNotNull(raw.checkExists().forPath(presence.path()));
        }
        assertNull(raw.checkExists().forPath(presence.path()), "removed by the close, not by a session timeout");
    }

    private StateConnection connection(Duration grace) {
        StateConnection c = new CuratorStateConnection(new ConnectionConfig(zk.getConnectString(),
                Duration.ofSeconds(10), Duration.ofSeconds(5), chroot, List.of(admin)), List::of, grace);
        c.awaitConnected(Duration.ofSeconds(10));
        return c;
    }

    private static boolean exists(CuratorFramework raw, String path) {
        try {
            return raw.checkExists().forPath(path) != null;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
