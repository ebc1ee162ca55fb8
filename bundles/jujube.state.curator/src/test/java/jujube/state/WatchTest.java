package jujube.state;

import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.model.ResolvedMode;
import jujube.model.UnitFlags;
import jujube.model.UnitName;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class WatchTest extends ZooKeeperFixture {

    private <T> List<Change<T>> recorder() {
        return new CopyOnWriteArrayList<>();
    }

    /** A service running the charm {@code app} for each endpoint, related over {@code interfaceName}. */
    private RelationInfo appRelation(String interfaceName, RelationScope scope, RelationEndpoint... endpoints) {
        charm("app");
        for (RelationEndpoint endpoint : endpoints) {
            state.services().add(endpoint.serviceName(), "local:precise/app-1");
        }
        return state.relations().add(interfaceName, scope, List.of(endpoints));
    }

    @Test
    void a_watch_delivers_the_start_state_then_changes_and_after_restart_only_what_changed() throws Exception {
        charm("app");
        List<Change<Set<String>>> seen = recorder();
        try (Watch w = state.services().watch(seen::add)) {
            POLLING.until(() -> seen.size() == 1);
            assertEquals(new Change<>(Set.of(), Set.of()), seen.get(0));
            state.services().add("one", "local:precise/app-1");
            POLLING.until(() -> seen.size() == 2);
            assertEquals(new Change<>(Set.of(), Set.of("one")), seen.get(1));
            w.stop();
            state.services().add("two", "local:precise/app-1");
            w.start();
            POLLING.until(() -> seen.size() == 3);
            assertEquals(new Change<>(Set.of("one"), Set.of("one", "two")), seen.get(2));
            w.stop();
            state.units().add("one"); // changes the topology, but not the set of services
            w.start();
            state.services().add("three", "local:precise/app-1");
            POLLING.until(() -> seen.size() == 4);
            assertEquals(Set.of("one", "two", "three"), seen.get(3).current());
        }
    }

    @Test
    void changes_during_a_slow_callback_are_merged_not_lost() throws Exception {
        charm("app");
        state.services().add("app", "local:precise/app-1");
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger running = new AtomicInteger();
        AtomicInteger overlap = new AtomicInteger();
        List<Change<Set<UnitName>>> seen = recorder();
        try (Watch w = state.units().watch(c -> {
            if (running.incrementAndGet() > 1) {
                overlap.incrementAndGet();
            }
            try {
                if (!c.current().isEmpty()) {
                    release.await(20, TimeUnit.SECONDS); // the first change blocks until all are written
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            seen.add(c);
            running.decrementAndGet();
        })) {
            POLLING.until(() -> seen.size() == 1);
            for (int i = 0; i < 5; i++) {
                state.units().add("app");
            }
            release.countDown();
            POLLING.until(() -> !seen.isEmpty() && seen.get(seen.size() - 1).current().size() == 5);
            assertEquals(0, overlap.get(), "one callback at a time");
            // exact merging is checked in SerialDeliveryTest, where event timing is under the test's control
            for (int i = 1; i < seen.size(); i++) {
                assertEquals(seen.get(i - 1).current(), seen.get(i).previous(), "each change starts where the last ended");
            }
        }
    }

    @Test
    void machine_units_config_and_flags_watches() throws Exception {
        charm("app");
        state.services().add("app", "local:precise/app-1");
        UnitName u = state.units().add("app").name();
        List<Change<Set<UnitName>>> onMachine = recorder();
        List<Change<Map<String, Object>>> config = recorder();
        List<Change<UnitFlags>> flags = recorder();
        List<Change<Set<Integer>>> machines = recorder();
        try (Watch a = state.machines().watchAssignedUnits(0, onMachine::add);
                Watch b = state.services().watchConfig("app", config::add);
                Watch c = state.units().watchFlags(u, flags::add);
                Watch d = state.machines().watch(machines::add)) {
            POLLING.until(() -> onMachine.size() == 1 && config.size() == 1 && flags.size() == 1 && machines.size() == 1);
            assertEquals(Set.of(0), machines.get(0).current());
            state.units().assign(u, 0);
            state.services().updateConfig("app", Map.of("title", "blog"));
            state.units().setResolved(u, ResolvedMode.RETRY_HOOK);
            state.machines().add();
            POLLING.until(() -> onMachine.size() == 2 && config.size() == 2 && flags.size() == 2 && machines.size() == 2);
            assertEquals(Set.of(u), onMachine.get(1).current());
            assertEquals(Map.of("title", "blog"), config.get(1).current());
            assertEquals(ResolvedMode.RETRY_HOOK, flags.get(1).current().resolved().orElseThrow());
            assertEquals(Set.of(0, 1), machines.get(1).current());
        }
    }

    @Test
    void related_units_client_sees_servers_and_peers_see_each_other_with_settings_versions() throws Exception {
        RelationInfo r = appRelation("mysql", RelationScope.GLOBAL, new RelationEndpoint("blog", "db", RelationRole.CLIENT),
                new RelationEndpoint("db", "server", RelationRole.SERVER));
        UnitName blog = state.units().add("blog").name();
        UnitName db0 = state.units().add("db").name();
        UnitName db1 = state.units().add("db").name();
        for (UnitName u : List.of(blog, db0, db1)) {
            state.units().setAddresses(u, "pub", "10.0.0." + u.number());
        }
        List<Change<Map<UnitName, Integer>>> clientView = recorder();
        List<Change<Map<UnitName, Integer>>> serverView = recorder();
        UnitRelation blogSide = state.relations().of(r.id(), blog);
        UnitRelation db0Side = state.relations().of(r.id(), db0);
        try (Watch w1 = blogSide.watchRelatedUnits(clientView::add);
                Watch w2 = db0Side.watchRelatedUnits(serverView::add)) {
            blogSide.enterScope();
            db0Side.enterScope();
            state.relations().of(r.id(), db1).enterScope();
            POLLING.until(() -> !clientView.isEmpty() && clientView.get(clientView.size() - 1).current().size() == 2);
            POLLING.until(() -> !serverView.isEmpty() && serverView.get(serverView.size() - 1).current().keySet().equals(Set.of(blog)));
            int before = clientView.get(clientView.size() - 1).current().get(db0);
            db0Side.updateSettings(Map.of("user", "admin"));
            POLLING.until(() -> clientView.get(clientView.size() - 1).current().get(db0) == before + 1);
            assertEquals("admin", blogSide.settingsOf(db0).values().get("user"));
            state.relations().of(r.id(), db1).leaveScope();
            POLLING.until(() -> clientView.get(clientView.size() - 1).current().keySet().equals(Set.of(db0)));
        }
    }

    @Test
    void container_scope_sees_only_its_container_and_waits_for_it() throws Exception {
        RelationInfo r = appRelation("logging", RelationScope.CONTAINER,
                new RelationEndpoint("blog", "juju-info", RelationRole.SERVER),
                new RelationEndpoint("logging", "info", RelationRole.CLIENT));
        UnitName blog0 = state.units().add("blog").name();
        UnitName blog1 = state.units().add("blog").name();
        state.units().setAddresses(blog0, "pub", "10.0.0.1");
        state.units().setAddresses(blog1, "pub", "10.0.0.2");
        UnitName log0 = state.units().addSubordinate("logging", blog0).name();
        UnitName log1 = state.units().addSubordinate("logging", blog1).name();
        List<Change<Map<UnitName, Integer>>> subView = recorder();
        // the container's nodes do not exist yet: the watch must wait for them
        try (Watch w = state.relations().of(r.id(), log0).watchRelatedUnits(subView::add)) {
            POLLING.until(() -> subView.size() == 1);
            assertEquals(Map.of(), subView.get(0).current());
            state.relations().of(r.id(), blog1).enterScope();
            state.relations().of(r.id(), log1).enterScope();
            state.relations().of(r.id(), blog0).enterScope();
            POLLING.until(() -> subView.get(subView.size() - 1).current().containsKey(blog0));
            assertEquals(Set.of(blog0), subView.get(subView.size() - 1).current().keySet());
            assertEquals("10.0.0.1", state.relations().of(r.id(), log0).settingsOf(blog0).values().get("private-address"));
            String blog0Id = state.units().get(blog0).id();
            assertTrue(zkPathExists("/relations/" + r.id() + "/" + blog0Id + "/scope/server/" + blog0Id),
                    "container scope: membership one level down, under the principal's id");
        }
    }

    private boolean zkPathExists(String path) throws Exception {
        return raw().checkExists().forPath(path) != null;
    }
}
