package jujube.agent.unit.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jujube.agent.unit.internal.RelationLifecyclesFixture.Agent;
import jujube.agent.unit.internal.RelationLifecyclesFixture.TestScopes;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.model.UnitName;
import jujube.workflow.QueueState;
import org.junit.jupiter.api.Test;

/** The relation lifecycles end to end: real ZooKeeper, real disk, real hook processes. */
class RelationLifecyclesTest extends RelationLifecyclesTestBase {
    private void awaitLog(int lines) {
        POLLING.await(lines + " hooks, got " + fx.log()).until(() -> fx.log().size() >= lines);
    }

    @Test
    void joined_then_changed_per_unit_with_members_as_of_queue_time_then_changed_and_departed() throws Exception {
        started();
        fx.join(db.id(), m0);
        awaitLog(2);
        fx.join(db.id(), m1);
        awaitLog(4);
        fx.state.relations().of(db.id(), m0).updateSettings(Map.of("user", "wp"));
        awaitLog(5);
        fx.leave(m1);
        awaitLog(6);
        assertEquals(List.of("db-relation-joined mysql/0 mysql/0", "db-relation-changed mysql/0 mysql/0",
                "db-relation-joined mysql/1 mysql/0 mysql/1", "db-relation-changed mysql/1 mysql/0 mysql/1",
                "db-relation-changed mysql/0 mysql/0 mysql/1", "db-relation-departed mysql/1 mysql/0"), fx.log());
        assertEquals(List.of("db-relation-departed departing=mysql/1"), fx.departingLog(), "the remote unit leaving");
        // the unit itself joined: its settings carry its address
        assertEquals("10.0.0.0", fx.state.relations().of(db.id(), m0).settingsOf(wp).values().get("private-address"));
    }

    @Test
    void the_remote_applications_data_changed_runs_changed_with_no_remote_unit_once_per_change_seen() throws Exception {
        Agent agent = started();
        fx.join(db.id(), m0);
        awaitLog(2);
        try (jujube.state.ServiceLeadership.Campaign campaign = fx.state.unit(m0).leadership().campaign(leader -> { })) {
            POLLING.await("mysql/0 leads").until(() -> fx.state.unit(m0).leadership().isLeader());
            fx.state.relations().of(db.id(), m0).mergeAppSettings(Map.of("database", "wp"));
            awaitLog(3);
            assertEquals("db-relation-changed  mysql/0", fx.log().get(2),
                    "no remote unit: the application's data changed; the members as they are");
            POLLING.await("queue drained").until(() -> read(agent).pending().isEmpty());
            assertEquals(1, read(agent).seenApp(), "the version heard of is kept for the next start");
            fx.state.relations().of(db.id(), m0).mergeAppSettings(Map.of("database", "wp2"));
            awaitLog(4);
        }
        assertEquals(4, fx.log().size(), fx.log().toString());
    }

    @Test
    void created_runs_first_once_for_a_relation_the_unit_enters_and_never_again_after_a_restart() throws Exception {
        Agent first = fx.agent(wp, "db");
        first.relations().start(true); // executor stopped: created and the joins only queue
        fx.join(db.id(), m0);
        POLLING.await("created and joined queued").until(() -> read(first).pending().size() == 2);
        assertEquals(jujube.workflow.ChangeType.CREATED, read(first).pending().get(0).type());
        first.executor().start();
        awaitLog(2);
        first.close();
        Agent second = fx.agent(wp, "db");
        second.executor().start();
        second.relations().start(true);
        fx.join(db.id(), m1);
        awaitLog(4);
        assertEquals(List.of("wordpress/0 db-relation-created remote-unit= remote-app=mysql members="), fx.createdLog(),
                "once, before any joined, and not again when the agent started once more");
    }

    @Test
    void a_unit_that_joins_and_departs_before_the_hooks_run_produces_no_hook() throws Exception {
        Agent agent = fx.agent(wp, "db");
        agent.relations().start(true); // executor stopped: changes only queue
        fx.join(db.id(), m0);
        fx.join(db.id(), m1);
        POLLING.await("both queued, behind created").until(() -> read(agent).pending().size() == 3);
        fx.leave(m1);
        POLLING.await("mysql/1 coalesced away").until(() -> read(agent).pending().size() == 2);
        agent.executor().start();
        awaitLog(2);
        POLLING.await("queue drained").until(() -> read(agent).pending().size() == 0);
        assertEquals(List.of("db-relation-joined mysql/0 mysql/0", "db-relation-changed mysql/0 mysql/0"), fx.log());
    }

    @Test
    void a_failed_hook_puts_the_relation_in_error_changes_queue_and_resolve_retries_then_runs_the_rest()
            throws Exception {
        Files.writeString(fx.out.resolve("fail-db-relation-changed"), "");
        Agent agent = started();
        fx.join(db.id(), m0);
        POLLING.await("error").until(() -> !agent.relations().relationErrors().isEmpty());
        assertEquals(Map.of("db", "db-relation-changed failed: exit code 1"), agent.relations().relationErrors());
        JsonNode stored = mapper.readTree(agent.stateDir().resolve("relations").resolve(db.id() + ".json").toFile());
        assertEquals("error", stored.path("state").asText());
        assertEquals("changed", stored.path("vars").path("change_type").asText());
        POLLING.await("replicated")
                .until(() -> "error".equals(fx.state.units().relationWorkflowStates(wp).get(db.id())));

        fx.join(db.id(), m1);
        POLLING.await("mysql/1 queued behind the failed head").until(() -> read(agent).pending().size() == 2);
        assertEquals(2, fx.log().size());

        Files.delete(fx.out.resolve("fail-db-relation-changed"));
        agent.relations().resolve("db", true);
        awaitLog(5);
        assertEquals(List.of("db-relation-joined mysql/0 mysql/0", "db-relation-changed mysql/0 mysql/0",
                "db-relation-changed mysql/0 mysql/0", "db-relation-joined mysql/1 mysql/0 mysql/1",
                "db-relation-changed mysql/1 mysql/0 mysql/1"), fx.log());
        assertEquals(Map.of(), agent.relations().relationErrors());
    }

    @Test
    void a_failed_hook_errors_at_once_and_is_retried_in_the_background_with_doubling_waits() throws Exception {
        Files.writeString(fx.out.resolve("fail-db-relation-changed"), "");
        ManualDelayedActions timer = new ManualDelayedActions();
        Agent agent = fx.agent(wp, new RelationHookRetries(() -> true, HookRetryBackoff.DEFAULT, timer), "db");
        agent.executor().start();
        agent.relations().start(true);
        fx.join(db.id(), m0);
        POLLING.await("error").until(() -> !agent.relations().relationErrors().isEmpty());
        assertEquals(2, fx.log().size(), "no retry before the error state: " + fx.log());
        POLLING.await("retry 1 scheduled").until(() -> timer.pending() == 1);
        timer.fire();
        POLLING.await("ran again, failed again, retry 2 scheduled")
                .until(() -> timer.delays().size() == 2 && timer.pending() == 1);
        assertEquals(3, fx.log().size());
        assertEquals(List.of(java.time.Duration.ofSeconds(5), java.time.Duration.ofSeconds(10)), timer.delays());
        assertEquals("error", fx.state.units().relationWorkflowStates(wp).get(db.id()));
        // status shows what failed and when it is tried again; the history what happened
        POLLING.await("the error and its retry published").until(() -> statusError(db.id()).contains("retry 2 at "));
        String error = statusError(db.id());
        assertTrue(error.startsWith("db-relation-changed failed: exit code 1; retry 2 at ") && error.endsWith("(in 10 s)"),
                error);
        List<jujube.model.StatusEntry> history = fx.state.units().statusHistory(wp).stream()
                .filter(e -> e.state().startsWith("relation-")).toList();
        assertEquals(List.of("relation-error db-relation-changed", "relation-retry ", "relation-error db-relation-changed"),
                history.stream().map(e -> e.state() + " " + e.hook()).toList());
        assertTrue(history.get(0).message().startsWith("db-relation-changed failed: exit code 1 (db:"), history.toString());

        Files.delete(fx.out.resolve("fail-db-relation-changed"));
        timer.fire();
        POLLING.await("up").until(() -> agent.relations().relationErrors().isEmpty()
                && "up".equals(fx.state.units().relationWorkflowStates(wp).get(db.id())));
        assertEquals("", statusError(db.id()), "no error shown once the relation is up");
        awaitLog(4);
        assertEquals(Collections.nCopies(3, "db-relation-changed mysql/0 mysql/0"), fx.log().subList(1, 4));
        assertEquals(0, timer.pending());
    }

    @Test
    void a_relation_found_in_error_after_a_restart_is_retried_in_the_background() throws Exception {
        Files.writeString(fx.out.resolve("fail-db-relation-changed"), "");
        Agent first = started();
        fx.join(db.id(), m0);
        POLLING.await("error").until(() -> !first.relations().relationErrors().isEmpty());
        first.close();

        ManualDelayedActions timer = new ManualDelayedActions();
        Agent second = fx.agent(wp, new RelationHookRetries(() -> true, HookRetryBackoff.DEFAULT, timer), "db");
        second.executor().start();
        second.relations().start(true);
        POLLING.await("retry scheduled").until(() -> timer.pending() == 1);
        assertEquals(List.of(java.time.Duration.ofSeconds(5)), timer.delays());
        Files.delete(fx.out.resolve("fail-db-relation-changed"));
        timer.fire();
        POLLING.await("up").until(() -> "up".equals(fx.state.units().relationWorkflowStates(wp).get(db.id())));
        awaitLog(3);
        assertEquals("db-relation-changed mysql/0 mysql/0", fx.log().get(2));
    }

    @Test
    void resolve_without_retry_skips_the_failed_change() throws Exception {
        Files.writeString(fx.out.resolve("fail-db-relation-joined"), "");
        Agent agent = started();
        fx.join(db.id(), m0);
        POLLING.await("error").until(() -> !agent.relations().relationErrors().isEmpty());
        Files.delete(fx.out.resolve("fail-db-relation-joined"));
        agent.relations().resolve(null, false);
        awaitLog(2); // the skipped joined still counts: its changed follows, with mysql/0 a member
        assertEquals(List.of("db-relation-joined mysql/0 mysql/0", "db-relation-changed mysql/0 mysql/0"), fx.log());
    }

    @Test
    void a_removed_relation_departs_each_remote_unit_then_gets_its_broken_hook_and_is_forgotten() throws Exception {
        Agent agent = started();
        fx.join(db.id(), m0);
        fx.join(db.id(), m1);
        awaitLog(4);
        assertTrue(agent.knownFile().contains(db.id()));
        fx.state.relations().remove(db.id());
        POLLING.await("broken").until(() -> fx.log().contains("db-relation-broken"));
        POLLING.await("forgotten").until(() -> !agent.knownFile().contains(db.id()));
        // as when the unit itself goes, and as Go juju does: each remote unit departs, then the relation breaks
        assertEquals(List.of("db-relation-departed mysql/0 mysql/1", "db-relation-departed mysql/1", "db-relation-broken"),
                fx.log().subList(fx.log().size() - 3, fx.log().size()));
        assertEquals(List.of("db-relation-departed departing=mysql/0", "db-relation-departed departing=mysql/1"),
                fx.departingLog(), "JUJU_DEPARTING_UNIT names the remote units, not this one");
        assertEquals(1, fx.log().stream().filter("db-relation-broken"::equals).count());
        // removed from the known relations first, its files just after (see RelationLifecycles.forget)
        POLLING.await("queue file removed")
                .until(() -> !Files.exists(agent.stateDir().resolve("relations").resolve(db.id() + ".queue.json")));
    }

    @Test
    void a_relation_removed_while_the_agent_was_down_gets_its_broken_hook_after_restart() throws Exception {
        RelationInfo other = fx.state.relations().add("cache", RelationScope.GLOBAL, List.of(
                new RelationEndpoint("wordpress", "cache", RelationRole.PEER)));
        Agent first = started();
        fx.join(db.id(), m0);
        awaitLog(2);
        first.close();
        fx.state.relations().remove(db.id());
        Agent second = fx.agent(wp, "db", "cache");
        second.executor().start();
        second.relations().start(true);
        POLLING.await("broken after restart").until(() -> fx.log().contains("db-relation-broken"));
        POLLING.await("forgotten").until(() -> !second.knownFile().contains(db.id()));
        // the other relation carries on: a peer joining it runs its hooks
        UnitName wp1 = fx.unit("wordpress");
        fx.join(other.id(), wp1);
        POLLING.await("peer hooks").until(() -> fx.log().contains("cache-relation-changed wordpress/1 wordpress/1"));
    }

    @Test
    void a_restart_mid_queue_delivers_the_remaining_changes_exactly_once() throws Exception {
        UnitName m2 = fx.unit("mysql");
        Agent first = fx.agent(wp, "db");
        first.relations().start(true);
        for (UnitName unit : List.of(m0, m1, m2)) {
            fx.join(db.id(), unit);
        }
        POLLING.await("three joined queued, behind created").until(() -> read(first).pending().size() == 4);
        Path gate = fx.out.resolve("gate-db-relation-changed-mysql-1");
        assertEquals(0, new ProcessBuilder("mkfifo", gate.toString()).start().waitFor());
        first.executor().start();
        awaitLog(4); // the fourth hook, changed of mysql/1, now waits at its gate
        Thread closer = new Thread(first::close, "test-closer");
        closer.start();
        POLLING.await("close waits for the running hook").until(() -> closer.getState() == Thread.State.WAITING);
        Files.writeString(gate, "go\n");
        closer.join(20_000);
        assertEquals(4, fx.log().size());

        Agent second = fx.agent(wp, "db");
        second.executor().start();
        second.relations().start(true);
        awaitLog(6);
        POLLING.await("drained").until(() -> read(second).pending().size() == 0);
        assertEquals(List.of("db-relation-joined mysql/0 mysql/0", "db-relation-changed mysql/0 mysql/0",
                "db-relation-joined mysql/1 mysql/0 mysql/1", "db-relation-changed mysql/1 mysql/0 mysql/1",
                "db-relation-joined mysql/2 mysql/0 mysql/1 mysql/2",
                "db-relation-changed mysql/2 mysql/0 mysql/1 mysql/2"), fx.log());
    }

    @Test
    void stop_relations_moves_up_to_down_and_start_relations_brings_the_missed_changes() throws Exception {
        Agent agent = started();
        fx.join(db.id(), m0);
        awaitLog(2);
        agent.relations().stop(true);
        POLLING.await("down").until(() -> "down".equals(fx.state.units().relationWorkflowStates(wp).get(db.id())));
        fx.join(db.id(), m1); // not watched while down
        agent.relations().start(true);
        awaitLog(4);
        assertEquals(List.of("db-relation-joined mysql/1 mysql/0 mysql/1", "db-relation-changed mysql/1 mysql/0 mysql/1"),
                fx.log().subList(2, 4));
        assertEquals("up", fx.state.units().relationWorkflowStates(wp).get(db.id()));
    }

    @Test
    void depart_all_runs_departed_and_broken_even_with_the_executor_stopped_and_leaves() throws Exception {
        Agent agent = started();
        fx.join(db.id(), m0);
        awaitLog(2);
        agent.executor().stop();
        agent.relations().departAll();
        assertEquals(List.of("db-relation-departed mysql/0", "db-relation-broken"), fx.log().subList(2, 4));
        assertEquals(List.of("db-relation-departed departing=wordpress/0"), fx.departingLog(),
                "the unit removed departs: JUJU_DEPARTING_UNIT names it, as Go juju's");
        assertFalse(agent.knownFile().contains(db.id()));
        assertEquals(Set.of(), fx.state.relations().of(db.id(), m0).relatedUnits());
    }

    @Test
    void depart_all_runs_departed_for_each_remote_unit_then_broken_per_relation() throws Exception {
        RelationInfo cache = fx.state.relations().add("cache", RelationScope.GLOBAL, List.of(
                new RelationEndpoint("wordpress", "cache", RelationRole.PEER)));
        UnitName wp1 = fx.unit("wordpress");
        Agent agent = fx.agent(wp, "db", "cache");
        agent.executor().start();
        agent.relations().start(true);
        fx.join(db.id(), m0);
        fx.join(db.id(), m1);
        fx.join(cache.id(), wp1);
        awaitLog(6);
        int before = fx.log().size();

        agent.relations().departAll();

        List<String> after = fx.log().subList(before, fx.log().size());
        assertEquals(List.of("db-relation-departed mysql/0 mysql/1", "db-relation-departed mysql/1",
                "db-relation-broken"), after.stream().filter(l -> l.startsWith("db-")).toList());
        assertEquals(List.of("cache-relation-departed wordpress/1", "cache-relation-broken"),
                after.stream().filter(l -> l.startsWith("cache-")).toList());
        assertEquals(5, after.size(), after.toString());
        assertFalse(agent.knownFile().contains(db.id()) || agent.knownFile().contains(cache.id()),
                agent.knownFile());
    }

    @Test
    void a_departure_cut_short_resumes_with_the_remaining_departed_hooks_exactly_once() throws Exception {
        Agent first = started();
        fx.join(db.id(), m0);
        fx.join(db.id(), m1);
        awaitLog(4);
        Path gate = fx.out.resolve("gate-db-relation-departed-mysql-0");
        assertEquals(0, new ProcessBuilder("mkfifo", gate.toString()).start().waitFor());
        Thread departing = new Thread(() -> {
            try {
                first.relations().departAll();
            } catch (IllegalStateException expected) {
                // cut short by the close below: the relation is still known
            }
        }, "test-departing");
        departing.start();
        awaitLog(5); // departed of mysql/0 waits at its gate
        assertEquals("db-relation-departed mysql/0 mysql/1", fx.log().get(4), "the first hook of the departure");
        Thread closer = new Thread(first::close, "test-closer");
        closer.start();
        POLLING.await("close waits for the running hook").until(() -> closer.getState() == Thread.State.WAITING);
        Files.writeString(gate, "go\n");
        closer.join(20_000);
        departing.join(20_000);
        assertEquals(5, fx.log().size(), fx.log().toString());
        assertTrue(first.knownFile().contains(db.id()), "not departed yet");

        Agent second = fx.agent(wp, "db");
        second.relations().departAll();

        assertEquals(List.of("db-relation-departed mysql/0 mysql/1", "db-relation-departed mysql/1",
                "db-relation-broken"), fx.log().subList(4, fx.log().size()));
        assertFalse(second.knownFile().contains(db.id()));
    }

    @Test
    void a_swapped_scope_handler_applies_at_the_next_event() throws Exception {
        started();
        fx.join(db.id(), m0);
        fx.join(db.id(), m1);
        awaitLog(4);
        fx.scopes.swap("global", TestScopes.handler("global", (self, container, candidates) -> Set.of("mysql/0")));
        fx.state.relations().of(db.id(), m0).updateSettings(Map.of("user", "wp"));
        awaitLog(6);
        assertEquals(List.of("db-relation-departed mysql/1 mysql/0", "db-relation-changed mysql/0 mysql/0"),
                fx.log().subList(4, 6));
    }

    @Test
    void a_container_relation_sees_only_the_units_of_its_own_container() throws Exception {
        RelationInfo info = fx.related("logging", RelationScope.CONTAINER,
                new RelationEndpoint("blog", "juju-info", RelationRole.SERVER),
                new RelationEndpoint("logging", "info", RelationRole.CLIENT));
        UnitName blog0 = fx.unit("blog");
        UnitName blog1 = fx.unit("blog");
        UnitName log0 = fx.state.units().addSubordinate("logging", blog0).name();
        UnitName log1 = fx.state.units().addSubordinate("logging", blog1).name();
        Agent agent = fx.agent(log0, "info");
        agent.executor().start();
        agent.relations().start(true);
        fx.join(info.id(), blog1);
        fx.join(info.id(), log1);
        fx.join(info.id(), blog0);
        awaitLog(2);
        POLLING.await("drained").until(() -> readQueue(agent, info.id()).pending().size() == 0);
        assertEquals(List.of("info-relation-joined blog/0 blog/0", "info-relation-changed blog/0 blog/0"), fx.log());
        assertEquals(List.of("blog/0"), readQueue(agent, info.id()).members().stream().map(Object::toString).toList());
    }

    private QueueState read(Agent agent) {
        return readQueue(agent, db.id());
    }

    /** The persisted hook queue, as a restarted agent would load it. */
    private QueueState readQueue(Agent agent, String relationId) {
        return agent.queue(relationId, mapper);
    }

    /** What status shows of the relation's error on wordpress/0: empty when none. */
    private String statusError(String relationId) {
        return fx.state.overview().units().stream().filter(u -> u.info().name().equals(wp)).findFirst().orElseThrow()
                .relationErrors().getOrDefault(relationId, "");
    }
}
