package jujube.agent.unit.internal;

import static jujube.agent.unit.internal.UnitAgentFixture.awaitQuiet;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import jujube.workflow.WorkflowState;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seed 001's table: for every stored unit state (and in-flight transitions), which hooks run and whether
 * the relation lifecycles start (and with "down" to "up" or not) when an agent starts on it.
 */
class SynchronizeMatrixTest extends UnitAgentTestBase {

    static Stream<Arguments> storedStates() {
        List<String> startHooks = List.of("config-changed", "start");
        return Stream.of(
                Arguments.of("none", null, List.of("install", "config-changed", "start"), List.of("start(true)"), "started"),
                Arguments.of("installed", null, startHooks, List.of("start(true)"), "started"),
                Arguments.of("started", null, List.of(), List.of("start(false)"), "started"),
                Arguments.of("stopped", null, List.of(), List.of(), "stopped"),
                Arguments.of("install_error", null, List.of(), List.of(), "install_error"),
                Arguments.of("start_error", null, List.of(), List.of(), "start_error"),
                Arguments.of("stop_error", null, List.of(), List.of(), "stop_error"),
                Arguments.of("configure_error", null, List.of(), List.of(), "configure_error"),
                Arguments.of("charm_upgrade_error", null, List.of(), List.of("start(false)"), "charm_upgrade_error"),
                // in flight: the transition is replayed, then the resting state's parts run
                Arguments.of("none", "install", List.of("install", "config-changed", "start"), List.of("start(true)"),
                        "started"),
                Arguments.of("installed", "start", startHooks, List.of("start(true)"), "started"),
                Arguments.of("started", "configure", List.of("config-changed"), List.of("start(false)"), "started"),
                Arguments.of("started", "stop", List.of("stop"), List.of(), "stopped"),
                Arguments.of("install_error", "retry_install", List.of("config-changed", "start"), List.of("start(true)"),
                        "started"),
                Arguments.of("start_error", "retry_start_hook", startHooks, List.of("start(true)"), "started"));
    }

    @ParameterizedTest(name = "{0} (in flight: {1})")
    @MethodSource("storedStates")
    void an_agent_starting_on_a_stored_state_runs_the_right_parts(String state, String inFlight, List<String> hooks,
            List<String> relations, String reached) throws IOException {
        fx.store().save(new WorkflowState(state, inFlight, Map.of()));
        // the configuration config-changed last ran with is current, so no configure follows
        new AppliedConfig(fx.unitDir.resolve("state").resolve("config.json"), fx.mapper)
                .record(fx.state.services().config("blog"));

        UnitAgentRuntime agent = fx.startAgent(0);
        awaitQuiet(agent);

        assertEquals(hooks, fx.hookLog());
        assertEquals(relations, fx.relations.calls());
        assertEquals(reached, fx.storedState().state());
        assertEquals(reached, fx.replicatedState());
        assertEquals(reached, agent.workflowState());
    }
}
