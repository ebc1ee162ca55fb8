package jujube.state.curator.internal;

import jujube.state.curator.internal.CuratorStateConnection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import jujube.access.Credential;
import jujube.state.Change;
import jujube.model.CharmRecord;
import jujube.state.ConnectionConfig;
import jujube.state.EnvironmentSettings;
import jujube.state.Presence;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.state.StateConnection;
import jujube.model.UnitName;
import jujube.state.UnitRelation;
import jujube.state.Watch;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Relation scope membership is persistent and apart from liveness (issue 22): a member whose agent's
 * session expires, or whose agent is gone for good, stays in scope, so the related units' watches deliver
 * no departure; an explicit leave, or the unit's removal, is a departure. Environments laid out before
 * persistent membership get it once, from what the old watchers saw.
 */
class ScopeMembershipTest {
    /** Waits for what watches and sessions do in Curator's threads: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Awaitility.with().atMost(Duration.ofSeconds(20))
            .pollInterval(Duration.ofMillis(10)).dontCatchUncaughtExceptions();

    private static final Credential ADMIN = Credential.generate(Credential.ADMIN);
    private static final Duration SESSION = Duration.ofSeconds(10);
    private TestingServer zk;
    private CuratorFramework raw;
    private final List<AutoCloseable> open = new CopyOnWriteArrayList<>();
    private StateConnection admin;
    private RelationInfo relation;
    private UnitName blog;
    private UnitName db;

    @BeforeEach
    void relatedUnits() throws Exception {
        zk = new TestingServer(true);
        raw = CuratorFrameworkFactory.builder().connectString(zk.getConnectString()).retryPolicy(new RetryOneTime(100))
                .authorization("digest", (ADMIN.principal() + ":" + ADMIN.secret()).getBytes(java.nio.charset.StandardCharsets.UTF_8))
                .namespace("env").build();
        raw.start();
        admin = connection();
        admin.initialize(new EnvironmentSettings("test", "local", "local", "local-0"));
        for (String charm : List.of("mysql", "wordpress")) {
            admin.charms().publish(new CharmRecord("local:precise/" + charm + "-1", "file:///charms/" + charm,
                    "sha-" + charm, Map.of("name", charm), Map.of()));
        }
        admin.services().add("mysql", "local:precise/mysql-1");
        admin.services().add("blog", "local:precise/wordpress-1");
        relation = admin.relations().add("mysql", RelationScope.GLOBAL, List.of(
                new RelationEndpoint("blog", "db", RelationRole.CLIENT),
                new RelationEndpoint("mysql", "server", RelationRole.SERVER)));
        blog = admin.units().add("blog").name();
        db = admin.units().add("mysql").name();
        for (UnitName u : List.of(blog, db)) {
            admin.units().setAddresses(u, u.service() + ".example", "10.0.0." + u.number());
        }
    }

    @AfterEach
    void close() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
        raw.close();
        zk.close();
    }

    @Test
    void a_members_session_expiring_and_its_agent_dying_make_no_one_see_a_departure() throws Exception {
        CuratorStateConnection agent = connection();
        UnitRelation blogSide = agent.relations().of(relation.id(), blog);
        blogSide.enterScope();
        Presence alive = agent.units().connectAgent(blog);
        List<Change<Map<UnitName, Integer>>> seen = new CopyOnWriteArrayList<>();
        UnitRelation dbSide = connection().relations().of(relation.id(), db);
        dbSide.enterScope();
        try (Watch watch = dbSide.watchRelatedUnits(seen::add)) {
            POLLING.until(() -> !seen.isEmpty() && seen.get(seen.size() - 1).current().containsKey(blog));

            long session = owner(alive.path());
            expire(agent.curator());
            POLLING.until(() -> owner(alive.path()) != session); // the server dropped the session's ephemeral nodes
            agent.close(); // and the agent dies for good, leaving nothing but its membership
            POLLING.until(() -> !admin.units().get(blog).agentConnected());
            UnitName blog1 = admin.units().add("blog").name();
            admin.units().setAddresses(blog1, "blog.example", "10.0.0.9");
            admin.relations().of(relation.id(), blog1).enterScope();
            // a later change of the same watch delivered: the expiry's events, before it, were delivered too
            POLLING.until(() -> lastSeen(seen).containsKey(blog1));

            for (Change<Map<UnitName, Integer>> change : seen) {
                assertTrue(change.current().containsKey(blog), "blog/0 never departed: " + seen);
            }
            assertTrue(admin.relations().of(relation.id(), blog).inScope(), "its membership outlived its session");
            assertEquals(Set.of(blog, blog1), dbSide.relatedUnits());
        }
    }

    @Test
    void leaving_the_scope_and_being_removed_are_departures() throws Exception {
        UnitName blog1 = admin.units().add("blog").name();
        admin.units().setAddresses(blog1, "blog.example", "10.0.0.9");
        UnitRelation blogSide = connection().relations().of(relation.id(), blog);
        blogSide.enterScope();
        connection().relations().of(relation.id(), blog1).enterScope();
        List<Change<Map<UnitName, Integer>>> seen = new CopyOnWriteArrayList<>();
        UnitRelation dbSide = connection().relations().of(relation.id(), db);
        dbSide.enterScope();
        try (Watch watch = dbSide.watchRelatedUnits(seen::add)) {
            POLLING.until(() -> !seen.isEmpty() && lastSeen(seen).keySet().equals(Set.of(blog, blog1)));
            blogSide.enterScope(); // entering again changes no membership
            blogSide.leaveScope();
            POLLING.until(() -> lastSeen(seen).keySet().equals(Set.of(blog1)));
            assertFalse(blogSide.inScope());
            blogSide.leaveScope(); // idempotent

            admin.units().remove(blog1); // its agent may never run again: the removal ends its membership
            POLLING.until(() -> lastSeen(seen).isEmpty());
            assertEquals(Set.of(), dbSide.relatedUnits());
        }
    }

    @Test
    void membership_is_migrated_once_from_old_presence_and_joined_replicas() throws Exception {
        UnitName blog1 = admin.units().add("blog").name();
        UnitName blog2 = admin.units().add("blog").name();
        String relationNode = "/relations/" + relation.id();
        // the layout before persistent membership: db/0's agent announces itself with an ephemeral node,
        // blog/0's agent is down but its relation is up, blog/1 departed, blog/2 never joined
        raw.create().creatingParentsIfNeeded().withMode(CreateMode.EPHEMERAL).forPath(relationNode + "/server/" + admin.units().get(db).id(),
                "{\"name\":\"mysql/0\"}".getBytes());
        admin.units().setRelationWorkflowState(blog, relation.id(), "up");
        admin.units().setRelationWorkflowState(blog1, relation.id(), "departed");
        raw.setData().forPath("/settings", "{\"provider-type\":\"local\"}".getBytes());

        assertEquals(2, admin.relations().migrateScopeMembership());
        assertEquals(Set.of(blog), admin.relations().of(relation.id(), db).relatedUnits());
        assertEquals(Set.of(db), admin.relations().of(relation.id(), blog2).relatedUnits());
        assertNotNull(raw.checkExists().forPath(relationNode + "/scope/client/" + admin.units().get(blog).id()));

        admin.relations().of(relation.id(), blog).leaveScope();
        assertEquals(0, admin.relations().migrateScopeMembership(), "done once: a later leave stays a leave");
        assertEquals(Set.of(), admin.relations().of(relation.id(), db).relatedUnits());
    }

    @Test
    void a_new_environment_needs_no_migration() throws Exception {
        admin.units().setRelationWorkflowState(blog, relation.id(), "up");
        assertEquals(0, admin.relations().migrateScopeMembership());
        assertEquals(Set.of(), admin.relations().of(relation.id(), db).relatedUnits());
    }

    private CuratorStateConnection connection() {
        CuratorStateConnection c = new CuratorStateConnection(new ConnectionConfig(zk.getConnectString(), SESSION,
                Duration.ofSeconds(5), "env", List.of(ADMIN)), List::of);
        open.add(c);
        c.awaitConnected(Duration.ofSeconds(10));
        return c;
    }

    /**
     * Ends the client's session on the server, as its expiry would: another handle of it closes it. The
     * handle must have connected first: closed before, it sends nothing and the session lives on.
     */
    private void expire(CuratorFramework client) throws Exception {
        ZooKeeper zooKeeper = client.getZookeeperClient().getZooKeeper();
        java.util.concurrent.CountDownLatch connected = new java.util.concurrent.CountDownLatch(1);
        ZooKeeper thief = new ZooKeeper(zk.getConnectString(), (int) SESSION.toMillis(), event -> {
            if (event.getState() == org.apache.zookeeper.Watcher.Event.KeeperState.SyncConnected) {
                connected.countDown();
            }
        }, zooKeeper.getSessionId(), zooKeeper.getSessionPasswd());
        try {
            if (!connected.await(20, java.util.concurrent.TimeUnit.SECONDS)) {
                throw new AssertionError("the second handle of the session did not connect within 20 s");
            }
        } finally {
            thief.close();
        }
    }

    private long owner(String path) {
        try {
            Stat stat = raw.checkExists().forPath(path);
            return stat == null ? 0 : stat.getEphemeralOwner();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static Map<UnitName, Integer> lastSeen(List<Change<Map<UnitName, Integer>>> seen) {
        return seen.get(seen.size() - 1).current();
    }
}
