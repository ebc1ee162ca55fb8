package jujube.agent.unit.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import jujube.agent.unit.internal.RelationLifecyclesFixture.Agent;
import jujube.workflow.QueueState;
import jujube.workflow.RelationWorkflow;
import jujube.workflow.Workflows;
import org.junit.jupiter.api.Test;

/**
 * A relation's corrupt files, reset as {@code jujube resolved --reset-state} asks, with the real relation
 * lifecycles around: real ZooKeeper, real disk, real hook processes. The reset keeps each corrupt file and
 * rebuilds it from what ZooKeeper and the histories know, and no hook that ran runs again.
 */
class LocalStateResetTest extends RelationLifecyclesTestBase {
    private static final Instant NOW = Instant.parse("2026-11-25T16:25:13Z");

    private UnitStateFiles files(Agent agent) {
        return new UnitStateFiles(agent.stateDir(), mapper);
    }

    private List<String> reset(Agent agent, List<LocalStateProblem> problems) throws Exception {
        return new LocalStateReset(wp, agent.stateDir().getParent(), files(agent), fx.state.unit(wp), mapper,
                Clock.fixed(NOW, ZoneOffset.UTC)).reset(problems);
    }

    /** One agent ran the hooks of mysql/0 joining and changing its settings, then stopped. */
    private Agent ranAndStopped() throws Exception {
        Agent first = started();
        fx.join(db.id(), m0);
        POLLING.await("joined and changed").until(() -> fx.log().size() == 2);
        fx.state.relations().of(db.id(), m0).updateSettings(Map.of("user", "wp"));
        POLLING.await("changed again").until(() -> fx.log().size() == 3);
        POLLING.await("drained").until(() -> first.queue(db.id(), mapper).pending().isEmpty());
        first.close();
        return first;
    }

    @Test
    void a_garbage_hook_queue_is_found_and_rebuilt_from_the_relation_without_running_a_hook_again() throws Exception {
        Agent first = ranAndStopped();
        Path queue = first.stateDir().resolve("relations").resolve(db.id() + ".queue.json");
        Files.writeString(queue, "garbage");

        List<LocalStateProblem> problems = files(first).check();
        assertEquals(1, problems.size(), problems.toString());
        assertEquals("state/relations/" + db.id() + ".queue.json: not valid JSON (Unrecognized token 'garbage': "
                + "was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false'))",
                problems.get(0).describe(first.stateDir().getParent()));

        List<String> done = reset(first, problems);
        assertEquals(List.of("state/relations/" + db.id() + ".queue.json: kept as state/relations/" + db.id()
                + ".queue.json.corrupt-20261125T162513Z; rebuilt: members [mysql/0], nothing pending"), done);
        assertEquals("garbage", Files.readString(queue.resolveSibling(db.id() + ".queue.json.corrupt-20261125T162513Z")));
        assertEquals(List.of(), files(first).check());
        QueueState rebuilt = first.queue(db.id(), mapper);
        assertEquals(Set.of(m0), rebuilt.members());
        assertEquals(Map.of(m0, fx.state.relations().of(db.id(), wp).settingsOf(m0).version()), rebuilt.seen());
        assertTrue(rebuilt.pending().isEmpty());

        started();
        fx.join(db.id(), m1);
        POLLING.await("mysql/1 joined and changed").until(() -> fx.log().size() == 5);
        assertEquals(List.of("db-relation-joined mysql/0 mysql/0", "db-relation-changed mysql/0 mysql/0",
                "db-relation-changed mysql/0 mysql/0", "db-relation-joined mysql/1 mysql/0 mysql/1",
                "db-relation-changed mysql/1 mysql/0 mysql/1"), fx.log(), "nothing of mysql/0 ran again");
    }

    @Test
    void a_queue_is_rebuilt_past_scope_entries_of_no_member() throws Exception {
        Agent first = ranAndStopped();
        String servers = "/relations/" + db.id() + "/scope/server";
        try (org.apache.curator.framework.CuratorFramework raw = org.apache.curator.framework.CuratorFrameworkFactory
                .builder().connectString(fx.env.connectString()).namespace(fx.env.chroot())
                .retryPolicy(new org.apache.curator.retry.RetryOneTime(100))
                .authorization("digest", (fx.env.admin().principal() + ":" + fx.env.admin().secret()).getBytes()).build()) {
            raw.start();
            // tampered with: a member that does not exist, and an entry that is no member's at all
            raw.create().forPath(servers + "/unit-0000009999", "{\"name\":\"mysql/9\"}".getBytes());
            raw.create().forPath(servers + "/garbage", new byte[] {(byte) 0xff, 0});
        }
        Path queue = first.stateDir().resolve("relations").resolve(db.id() + ".queue.json");
        Files.writeString(queue, "garbage");

        List<String> done = reset(first, files(first).check());
        assertEquals(List.of("state/relations/" + db.id() + ".queue.json: kept as state/relations/" + db.id()
                + ".queue.json.corrupt-20261125T162513Z; rebuilt: members [mysql/0], nothing pending"), done);
    }

    @Test
    void a_garbage_relation_workflow_is_rebuilt_from_its_history_else_its_replica() throws Exception {
        Agent first = ranAndStopped();
        Path workflow = first.stateDir().resolve("relations").resolve(db.id() + ".json");
        Path history = first.stateDir().resolve("relations").resolve(db.id() + ".history");
        Files.write(workflow, new byte[Workflows.MAX_STATE_FILE_BYTES + 1]);
        List<LocalStateProblem> problems = files(first).check();
        assertEquals(List.of(new LocalStateProblem(workflow, (Workflows.MAX_STATE_FILE_BYTES + 1)
                + " bytes, over the limit of " + Workflows.MAX_STATE_FILE_BYTES + " bytes")), problems);
        assertEquals(List.of("state/relations/" + db.id() + ".json: kept as state/relations/" + db.id()
                + ".json.corrupt-20261125T162513Z; rebuilt: up"), reset(first, problems));
        assertEquals("up", Workflows.fileStore(workflow, RelationWorkflow.DEFINITION, mapper).load().state());

        // without a history: the replica in ZooKeeper
        Files.delete(history);
        Files.writeString(workflow, "{\"version\":1,\"state\":\"flying\",\"in_flight\":null,\"vars\":{}}");
        fx.state.units().setRelationWorkflowState(wp, db.id(), "down");
        problems = files(first).check();
        assertEquals("unknown state 'flying'", problems.get(0).problem());
        reset(first, problems);
        assertEquals("down", Workflows.fileStore(workflow, RelationWorkflow.DEFINITION, mapper).load().state());
        try (Stream<Path> kept = Files.list(workflow.getParent())) {
            assertEquals(2, kept.filter(p -> p.getFileName().toString().startsWith(db.id() + ".json.corrupt-")).count());
        }
    }

    @Test
    void a_garbage_list_of_known_relations_is_rebuilt_from_the_relations_with_local_files() throws Exception {
        Agent first = ranAndStopped();
        Path known = first.stateDir().resolve("relations").resolve("known.json");
        String before = Files.readString(known);
        Files.writeString(known, "{\"version\":1,\"relations\":[{\"id\":\"relation-x\"}]}");
        List<LocalStateProblem> problems = files(first).check();
        assertEquals(known, problems.get(0).file());
        assertTrue(problems.get(0).problem().startsWith("invalid relation entry"), problems.get(0).problem());
        reset(first, problems);
        assertEquals(before, Files.readString(known));

        Agent second = started(); // the relation goes on: a new member runs its hooks
        fx.join(db.id(), m1);
        POLLING.await("mysql/1 joined and changed").until(() -> fx.log().size() == 5);
        assertFalse(second.knownFile().isEmpty());
    }

    @Test
    void a_relation_found_with_corrupt_files_by_the_relations_watch_is_reported_to_the_agent_and_not_joined()
            throws Exception {
        Agent agent = fx.agent(wp, "db"); // files appear after the agent's check, before the relation is known
        Path queue = agent.stateDir().resolve("relations").resolve(db.id() + ".queue.json");
        Files.createDirectories(queue.getParent());
        Files.writeString(queue, "garbage");
        agent.executor().start();
        agent.relations().start(true);

        POLLING.await("reported").until(() -> !fx.corrupt.isEmpty());
        assertEquals(queue, fx.corrupt.get(0).file());
        fx.join(db.id(), m0);
        assertFalse(fx.state.relations().of(db.id(), wp).inScope(), "not joined");
        assertEquals(List.of(), fx.log());
    }

    @Test
    void a_queue_of_a_relation_gone_from_the_environment_is_removed() throws Exception {
        Agent first = ranAndStopped();
        Path queue = first.stateDir().resolve("relations").resolve(db.id() + ".queue.json");
        Files.writeString(queue, "{}");
        fx.state.relations().remove(db.id());
        List<LocalStateProblem> problems = files(first).check();
        assertEquals(List.of("state/relations/" + db.id() + ".queue.json: kept as state/relations/" + db.id()
                + ".queue.json.corrupt-20261125T162513Z; removed: the relation is gone"), reset(first, problems));
        assertFalse(Files.exists(queue));
        Agent second = started(); // departs it: -relation-broken, no -departed for the members it cannot know
        POLLING.await("broken").until(() -> fx.log().contains("db-relation-broken"));
        assertEquals(4, fx.log().size(), fx.log().toString());
        second.close();
    }
}
