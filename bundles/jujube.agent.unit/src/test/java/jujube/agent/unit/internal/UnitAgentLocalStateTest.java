package jujube.agent.unit.internal;

import static jujube.agent.unit.internal.UnitAgentFixture.UNIT;
import static jujube.agent.unit.internal.UnitAgentFixture.awaitQuiet;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import jujube.model.ResolvedMode;
import jujube.model.StatusEntry;
import jujube.model.UnitInfo;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.Test;

/**
 * A unit whose local state is corrupt: the agent runs nothing of it and shows it in
 * {@code local_state_error} with the file and the problem, until the operator's reset rebuilds the file and
 * the unit goes on without running again a hook it ran. Real ZooKeeper, real hook processes, real files.
 */
class UnitAgentLocalStateTest extends UnitAgentTestBase {
    /** Waits for what the unit agent does in its own threads: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10)).atMost(Duration.ofSeconds(20));

    private static final String RESET = "; reset with: jujube resolved --reset-state blog/0";

    /** An agent that installed and started the unit, then stopped cleanly. */
    private void startedThenStopped() {
        UnitAgentRuntime first = fx.startAgent(0);
        POLLING.await("started").until(() -> "started".equals(first.workflowState()));
        awaitQuiet(first);
        first.close();
    }

    private Path state(String file) {
        return fx.unitDir.resolve("state").resolve(file);
    }

    private String info() {
        return fx.state.units().get(UNIT).workflowStateInfo();
    }

    private UnitAgentRuntime awaitLocalStateError(String file, String problem) {
        UnitAgentRuntime agent = fx.startAgent(0);
        POLLING.await("local_state_error").until(() -> UnitInfo.LOCAL_STATE_ERROR.equals(fx.replicatedState()));
        assertEquals("state/" + file + ": " + problem + RESET, info());
        assertEquals(UnitInfo.LOCAL_STATE_ERROR, agent.workflowState());
        POLLING.await("presence").until(agent::isConnected);
        List<StatusEntry> history = fx.state.units().statusHistory(UNIT);
        assertEquals(UnitInfo.LOCAL_STATE_ERROR, history.get(history.size() - 1).state());
        return agent;
    }

    private void reset(UnitAgentRuntime agent) {
        fx.state.units().setResolved(UNIT, ResolvedMode.RESET_STATE);
        POLLING.await("started").until(() -> "started".equals(fx.replicatedState()) && "".equals(info()));
        POLLING.await("flag cleared").until(() -> fx.state.units().flags(UNIT).resolved().isEmpty());
        awaitQuiet(agent);
        assertEquals("started", agent.workflowState());
    }

    private static String kept(Path file) throws IOException {
        try (Stream<Path> siblings = Files.list(file.getParent())) {
            Path copy = siblings.filter(p -> p.getFileName().toString().startsWith(file.getFileName() + ".corrupt-"))
                    .findFirst().orElseThrow(() -> new AssertionError("no copy of " + file));
            return Files.readString(copy);
        }
    }

    @Test
    void a_garbage_unit_state_runs_nothing_and_its_reset_rebuilds_it_from_the_history_running_no_hook_again() throws IOException {
        startedThenStopped();
        Files.writeString(state("unit.json"), "garbage");

        UnitAgentRuntime agent = awaitLocalStateError("unit.json", "not valid JSON (Unrecognized token 'garbage': "
                + "was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false'))");
        fx.state.units().setResolved(UNIT, ResolvedMode.RETRY_HOOK); // not what repairs it: cleared, nothing moves
        POLLING.await("flag cleared").until(() -> fx.state.units().flags(UNIT).resolved().isEmpty());
        assertEquals(UnitInfo.LOCAL_STATE_ERROR, fx.replicatedState());
        assertEquals(List.of("install", "config-changed", "start"), fx.hookLog());

        reset(agent);
        assertEquals(List.of("install", "config-changed", "start"), fx.hookLog(), "no hook ran again");
        assertEquals("garbage", kept(state("unit.json")));
        assertEquals("started", fx.storedState().state());
        List<StatusEntry> history = fx.state.units().statusHistory(UNIT);
        StatusEntry last = history.get(history.size() - 1);
        assertEquals("started", last.state());
        assertTrue(last.message().startsWith("local state reset: state/unit.json: kept as state/unit.json.corrupt-"),
                last.message());

        fx.state.services().updateConfig("blog", Map.of("title", "after the reset"));
        POLLING.await("config-changed").until(() -> fx.hookLog().size() == 4);
        assertEquals("config-changed", fx.hookLog().get(3));
    }

    @Test
    void an_unfinished_install_is_replayed_from_the_history_after_the_reset() throws IOException {
        fx.failHook("install", true);
        UnitAgentRuntime first = fx.startAgent(0);
        POLLING.await("install_error").until(() -> "install_error".equals(fx.replicatedState()));
        first.close();
        Files.write(state("unit.json"), new byte[2 << 20]); // zeros, over the limit

        UnitAgentRuntime agent = awaitLocalStateError("unit.json", (2 << 20) + " bytes, over the limit of "
                + (1 << 20) + " bytes");
        fx.state.units().setResolved(UNIT, ResolvedMode.RESET_STATE);
        POLLING.await("install_error again").until(() -> "install_error".equals(fx.replicatedState()));
        assertTrue(info().startsWith("hook install failed"), info());
        fx.failHook("install", false);
        fx.state.units().setResolved(UNIT, ResolvedMode.RETRY_HOOK);
        POLLING.await("started").until(() -> "started".equals(agent.workflowState()));
        assertEquals(List.of("install", "install", "config-changed", "start"), fx.hookLog());
    }

    @Test
    void a_garbage_config_record_is_removed_by_the_reset_and_config_changed_runs_once_more() throws IOException {
        startedThenStopped();
        Files.writeString(state("config.json"), "{\"version\":1,\"applied\":\"not a digest\"}");

        UnitAgentRuntime agent = awaitLocalStateError("config.json",
                "expected {\"version\":1,\"applied\":\"<sha256, hex>\"}");
        reset(agent);
        POLLING.await("config-changed once more").until(() -> fx.hookLog().size() == 4);
        assertEquals(List.of("install", "config-changed", "start", "config-changed"), fx.hookLog());
        assertEquals("{\"version\":1,\"applied\":\"not a digest\"}", kept(state("config.json")));
    }

    @Test
    void a_garbage_charm_record_is_rebuilt_from_the_units_node() throws IOException {
        startedThenStopped();
        Files.writeString(state("charm.json"), "{\"version\":1,\"charm_id\":\"blog\"}");

        UnitAgentRuntime agent = awaitLocalStateError("charm.json", "field 'charm_id': invalid charm URL \"blog\": "
                + "no schema (expected local: or cs:)");
        reset(agent);
        assertEquals(List.of("install", "config-changed", "start"), fx.hookLog());
        assertTrue(Files.readString(state("charm.json")).contains(UnitAgentFixture.CHARM_1));
    }

    @Test
    void a_state_deleted_under_a_started_unit_is_corrupt_not_a_fresh_install_and_its_reset_runs_nothing_again()
            throws IOException {
        startedThenStopped();
        jujube.files.FileTrees.delete(fx.unitDir.resolve("state"));

        UnitAgentRuntime agent = fx.startAgent(0);
        POLLING.await("local_state_error").until(() -> UnitInfo.LOCAL_STATE_ERROR.equals(fx.replicatedState()));
        assertEquals("state: missing, but the unit is started in the environment: started afresh, it would run its"
                + " install and start again" + RESET, info());
        // what it is asked to run meanwhile is answered at once: nothing of the unit runs
        String request = fx.state.runs().request(UNIT, "true", Duration.ofSeconds(30));
        try {
            jujube.state.RunResult refused = fx.state.runs().await(UNIT, request, Duration.ofSeconds(20)).orElseThrow(
                    () -> new AssertionError("no answer: the request waited"));
            assertEquals(1, refused.exitCode());
            assertTrue(refused.error().startsWith("not run: the local state of blog/0 is corrupt"), refused.error());
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        } finally {
            fx.state.runs().remove(UNIT, request);
        }
        assertEquals(List.of("install", "config-changed", "start"), fx.hookLog(), "no install again");

        reset(agent);
        assertEquals("started", fx.storedState().state());
        // rebuilt from the environment: only the configuration, whose record went too, is applied again
        POLLING.await("config-changed once more").until(() -> fx.hookLog().size() == 4);
        assertEquals(List.of("install", "config-changed", "start", "config-changed"), fx.hookLog());
    }

    @Test
    void a_charm_record_naming_another_services_charm_is_corrupt_and_rebuilt_from_the_units_node() throws IOException {
        startedThenStopped();
        Files.writeString(state("charm.json"), "{\"version\":1,\"charm_id\":\"local:precise/mysql-1\"}");

        UnitAgentRuntime agent = awaitLocalStateError("charm.json", "names local:precise/mysql-1, not a charm of"
                + " service blog (" + UnitAgentFixture.CHARM_1 + ")");
        reset(agent);
        assertEquals(List.of("install", "config-changed", "start"), fx.hookLog());
        assertTrue(Files.readString(state("charm.json")).contains(UnitAgentFixture.CHARM_1));
    }

    @Test
    void known_relations_naming_one_that_never_existed_are_corrupt_and_rebuilt_from_the_environment() throws IOException {
        startedThenStopped();
        Files.createDirectories(state("relations"));
        Files.writeString(state("relations/known.json"), "{\"version\":1,\"relations\":[{\"id\":\"relation-0000009999\","
                + "\"hook_id\":\"db:9999\",\"name\":\"db\",\"scope\":\"global\"}]}");

        UnitAgentRuntime agent = awaitLocalStateError("relations/known.json",
                "names relation-0000009999, which never existed in the environment");
        reset(agent);
        assertEquals(List.of("install", "config-changed", "start"), fx.hookLog(), "no -relation-broken of it");
        assertFalse(Files.readString(state("relations/known.json")).contains("relation-0000009999"));
    }

    @Test
    void a_garbage_hook_process_record_stops_the_unit_until_the_reset_removes_it() throws IOException {
        startedThenStopped();
        Files.writeString(state("hook-process.json"), "{\"version\":1,\"pid\":\"one\"}");

        UnitAgentRuntime agent = awaitLocalStateError("hook-process.json",
                "field 'pid' is not a whole number of at least 1");
        reset(agent);
        assertFalse(Files.exists(state("hook-process.json")));
        assertEquals(List.of("install", "config-changed", "start"), fx.hookLog());
    }

    @Test
    void a_config_record_corrupted_while_the_agent_runs_stops_the_unit_instead_of_being_retried() throws IOException {
        UnitAgentRuntime agent = fx.startAgent(0);
        POLLING.await("started").until(() -> "started".equals(agent.workflowState()));
        awaitQuiet(agent);
        Files.writeString(state("config.json"), "[]");

        fx.state.services().updateConfig("blog", Map.of("title", "read the record"));

        POLLING.await("local_state_error").until(() -> UnitInfo.LOCAL_STATE_ERROR.equals(fx.replicatedState()));
        assertEquals("state/config.json: not a JSON object" + RESET, info());
        reset(agent);
        POLLING.await("config-changed").until(() -> fx.hookLog().size() == 4);
    }

    @Test
    void a_unit_removed_while_its_state_is_corrupt_retires_without_its_hooks() throws IOException {
        startedThenStopped();
        Files.writeString(state("unit.json"), "{\"version\":1}");
        UnitAgentRuntime agent = awaitLocalStateError("unit.json", "missing string field 'state'");

        agent.retire();

        POLLING.await("retired").until(agent::isRetired);
        assertTrue(Files.exists(state("retired")));
        assertEquals(List.of("install", "config-changed", "start"), fx.hookLog(), "no stop hook");
    }
}
