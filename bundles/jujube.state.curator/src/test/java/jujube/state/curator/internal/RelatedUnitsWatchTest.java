package jujube.state.curator.internal;

import jujube.state.curator.internal.RelatedUnitsWatch;

import jujube.state.store.CuratorFixture;

import jujube.state.store.NodeReader;
import jujube.state.store.RelationScopePaths;
import jujube.state.store.SerialDelivery;
import jujube.state.store.SharedCaches;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import jujube.state.Change;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.model.UnitName;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.Test;

/**
 * A unit's view of a relation's scope: the counterpart's members with their settings versions, followed
 * through the counterpart's membership and its members' settings nodes alone (a requirer of a thousand-unit
 * relation must not receive the other requirers' changes at all).
 */
class RelatedUnitsWatchTest extends CuratorFixture {
    /** Waits for what the caches deliver in Curator's threads: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Awaitility.with().atMost(Duration.ofSeconds(20))
            .pollInterval(Duration.ofMillis(10)).dontCatchUncaughtExceptions();
    private static final String RELATION = "relation-0000000003";
    private final List<Change<Map<UnitName, Integer>>> seen = new CopyOnWriteArrayList<>();

    @Test
    void a_client_follows_the_servers_membership_and_settings_alone() throws Exception {
        RelationScopePaths paths = RelationScopePaths.forUnit(RELATION, RelationScope.GLOBAL, "unit-0000000002", null);
        member(paths, RelationRole.SERVER, "unit-0000000001", "mysql/0");
        member(paths, RelationRole.CLIENT, "unit-0000000002", "blog/0");
        member(paths, RelationRole.CLIENT, "unit-0000000003", "blog/1");
        settings(paths, "unit-0000000001");
        client.setData().forPath(paths.settings("unit-0000000001"), bytes("{\"a\":\"1\"}"));
        settings(paths, "unit-0000000003");
        SharedCaches caches = new SharedCaches(client);

        try (RelatedUnitsWatch watch = watch(caches, paths, RelationRole.SERVER, "unit-0000000002")) {
            POLLING.until(() -> Map.of(UnitName.parse("mysql/0"), 1).equals(last()));
            assertEquals(Set.of(paths.members(RelationRole.SERVER), paths.settings("unit-0000000001")), caches.openPaths(),
                    "the servers' membership and the server's settings, nothing of the other clients");

            member(paths, RelationRole.SERVER, "unit-0000000004", "mysql/1");
            settings(paths, "unit-0000000004");
            client.setData().forPath(paths.settings("unit-0000000001"), bytes("{\"a\":\"2\"}"));
            POLLING.until(() -> Map.of(UnitName.parse("mysql/0"), 2, UnitName.parse("mysql/1"), 0).equals(last()));
            assertEquals(Set.of(paths.members(RelationRole.SERVER), paths.settings("unit-0000000001"),
                    paths.settings("unit-0000000004")), caches.openPaths());

            client.delete().forPath(paths.member(RelationRole.SERVER, "unit-0000000001"));
            POLLING.until(() -> Map.of(UnitName.parse("mysql/1"), 0).equals(last()));
            assertEquals(Set.of(paths.members(RelationRole.SERVER), paths.settings("unit-0000000004")), caches.openPaths(),
                    "a departed member's settings are no longer followed");
        }
        assertEquals(0, caches.openCount(), "closed with the watch");
    }

    @Test
    void a_peer_sees_the_other_peers_and_a_member_node_changed_is_read_again() throws Exception {
        RelationScopePaths paths = RelationScopePaths.forUnit(RELATION, RelationScope.GLOBAL, "unit-0000000001", null);
        member(paths, RelationRole.PEER, "unit-0000000001", "riak/0");
        member(paths, RelationRole.PEER, "unit-0000000002", "riak/1");
        SharedCaches caches = new SharedCaches(client);

        try (RelatedUnitsWatch watch = watch(caches, paths, RelationRole.PEER, "unit-0000000001")) {
            POLLING.until(() -> Map.of(UnitName.parse("riak/1"), -1).equals(last()));
            assertEquals(Set.of(paths.members(RelationRole.PEER), paths.settings("unit-0000000002")), caches.openPaths(),
                    "a peer does not follow its own settings");
            client.setData().forPath(paths.member(RelationRole.PEER, "unit-0000000002"), bytes("{\"name\":\"riak/7\"}"));
            settings(paths, "unit-0000000002");
            POLLING.until(() -> Map.of(UnitName.parse("riak/7"), 0).equals(last()));
        }
    }

    @Test
    void a_membership_not_made_yet_is_waited_for() throws Exception {
        // a container's scope appears with its first member
        RelationScopePaths paths = RelationScopePaths.forUnit(RELATION, RelationScope.CONTAINER, "unit-0000000005",
                "unit-0000000004");
        SharedCaches caches = new SharedCaches(client);

        try (RelatedUnitsWatch watch = watch(caches, paths, RelationRole.SERVER, "unit-0000000005")) {
            settings(paths, "unit-0000000004");
            member(paths, RelationRole.SERVER, "unit-0000000004", "blog/0");
            POLLING.until(() -> Map.of(UnitName.parse("blog/0"), 0).equals(last()));
        }
    }

    private RelatedUnitsWatch watch(SharedCaches caches, RelationScopePaths paths, RelationRole counterpart, String unitId) {
        // every entry is taken at its word: the check against the topology is ScopeMembers', tested on its own
        NodeReader reader = new NodeReader(client);
        return new RelatedUnitsWatch(caches, paths, counterpart, unitId, entries -> {
            Map<String, UnitName> members = new java.util.TreeMap<>();
            entries.forEach((id, data) -> members.put(id, UnitName.parse((String) reader.parse(id, data).get("name"))));
            return members;
        }, new SerialDelivery<>(Runnable::run, seen::add, Map.of()));
    }

    private Map<UnitName, Integer> last() {
        return seen.isEmpty() ? null : seen.get(seen.size() - 1).current();
    }

    private void member(RelationScopePaths paths, RelationRole role, String unitId, String name) throws Exception {
        client.create().creatingParentsIfNeeded().forPath(paths.member(role, unitId), bytes("{\"name\":\"" + name + "\"}"));
    }

    private void settings(RelationScopePaths paths, String unitId) throws Exception {
        client.create().creatingParentsIfNeeded().forPath(paths.settings(unitId), bytes("{}"));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
