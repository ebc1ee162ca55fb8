package jujube.agent.unit.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import jujube.model.RelationEndpoint;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.model.ResolvedMode;
import jujube.model.UnitName;
import jujube.state.StateConnection;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A charm of today (every hook it handles logs itself) in a service with a peer relation, on units with
 * the real relation lifecycles: each unit sets up in Go juju 3's order (install, -relation-created,
 * leader-elected on the leader or leader-settings-changed on the others, config-changed, start), -joined
 * only after start; a setup cut short goes on where it stopped; removal ends with stop, then remove.
 */
class UnitAgentSetupTest extends UnitAgentTestBase {
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10)).atMost(Duration.ofSeconds(30));
    private static final List<String> HOOKS = List.of("install", "config-changed", "start", "stop", "remove",
            "leader-elected", "leader-settings-changed", "replicas-relation-created", "replicas-relation-joined",
            "replicas-relation-changed", "replicas-relation-departed", "replicas-relation-broken");
    private static final UnitName FIRST = UnitAgentFixture.UNIT;
    private UnitName second;
    private Path log;

    @BeforeEach
    void peeredUnitsOfATodaysCharm() throws IOException {
        fx.state.relations().add("blog-peers", RelationScope.GLOBAL,
                List.of(new RelationEndpoint("blog", "replicas", RelationRole.PEER)));
        log = root.resolve("setup.log");
        second = fx.addUnit();
        for (UnitName unit : List.of(FIRST, second)) {
            fx.state.units().setAddresses(unit, "pub-" + unit.number(), "10.0.0." + unit.number());
            Path hooks = fx.unitDir(unit).resolve("charm").resolve("hooks");
            for (String hook : HOOKS) {
                Path file = hooks.resolve(hook);
                Files.writeString(file, "#!/bin/sh\necho \"$JUJU_UNIT_NAME " + hook + "\" >> '" + log + "'\n"
                        + "[ -e '" + root.resolve("fail-" + hook) + "' ] && exit 1\nexit 0\n");
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
            }
        }
    }

    private List<String> hooksOf(UnitName unit) throws IOException {
        String prefix = unit + " ";
        return Files.exists(log) ? Files.readAllLines(log).stream().filter(l -> l.startsWith(prefix))
                .map(l -> l.substring(prefix.length())).toList() : List.of();
    }

    private UnitAgentRuntime agent(UnitName unit, StateConnection machine) {
        return fx.startAgentWithRelations(unit, fx.unitDir(unit), machine);
    }

    @Test
    void the_leader_and_a_follower_set_up_in_go_juju_order_and_join_only_once_started() throws IOException {
        UnitAgentRuntime leader = agent(FIRST, fx.connect());
        POLLING.await("blog/0 started").until(() -> "started".equals(leader.workflowState()));
        UnitAgentFixture.awaitQuiet(leader);
        assertEquals(List.of("install", "replicas-relation-created", "leader-elected", "config-changed", "start"),
                hooksOf(FIRST));

        StateConnection followersMachine = fx.connect();
        UnitAgentRuntime follower = agent(second, followersMachine);
        POLLING.await("blog/1 joined").until(() -> hooksOf(second).contains("replicas-relation-joined"));
        POLLING.await("blog/0 joined").until(() -> hooksOf(FIRST).contains("replicas-relation-joined"));
        List<String> followed = hooksOf(second);
        assertEquals(List.of("install", "replicas-relation-created", "leader-settings-changed", "config-changed",
                "start", "replicas-relation-joined"), followed.subList(0, 6), followed.toString());
        assertEquals(List.of("install", "replicas-relation-created", "leader-elected", "config-changed", "start",
                "replicas-relation-joined"), hooksOf(FIRST).subList(0, 6), "the new peer joins the started leader");

        // agents restarted on started units: nothing of the setup runs again
        UnitAgentFixture.awaitQuiet(follower);
        List<String> before = hooksOf(second);
        follower.close();
        UnitAgentRuntime again = agent(second, followersMachine);
        UnitAgentFixture.awaitQuiet(again);
        assertEquals(before, hooksOf(second));
        assertEquals(1, hooksOf(second).stream().filter("replicas-relation-created"::equals).count());
    }

    @Test
    void a_setup_cut_at_the_leadership_hook_goes_on_without_running_the_relation_created_again() throws IOException {
        Files.writeString(root.resolve("fail-leader-elected"), "");
        StateConnection machine = fx.connect();
        UnitAgentRuntime first = agent(FIRST, machine);
        POLLING.await("start_error").until(() -> "start_error".equals(fx.replicatedState()));
        UnitAgentFixture.awaitQuiet(first);
        assertEquals(List.of("install", "replicas-relation-created", "leader-elected"), hooksOf(FIRST));
        assertTrue(fx.storedState().vars().get(jujube.workflow.WorkflowState.ERROR_MESSAGE).contains("leader-elected"),
                fx.storedState().toString());

        // a new agent on the unit (same machine agent: it keeps the candidacy, and so the term), then retry_hook
        first.close();
        UnitAgentRuntime restarted = agent(FIRST, machine);
        UnitAgentFixture.awaitQuiet(restarted);
        Files.delete(root.resolve("fail-leader-elected"));
        fx.state.units().setResolved(FIRST, ResolvedMode.RETRY_HOOK);
        POLLING.await("started").until(() -> "started".equals(restarted.workflowState()));
        UnitAgentFixture.awaitQuiet(restarted);
        assertEquals(List.of("install", "replicas-relation-created", "leader-elected", "leader-elected",
                "config-changed", "start"), hooksOf(FIRST));
    }

    @Test
    void a_setup_killed_in_its_leadership_hook_replays_only_what_is_left() throws IOException {
        Files.writeString(root.resolve("fail-leader-elected"), "");
        StateConnection machine = fx.connect();
        UnitAgentRuntime first = agent(FIRST, machine);
        POLLING.await("start_error").until(() -> "start_error".equals(fx.replicatedState()));
        UnitAgentFixture.awaitQuiet(first);
        first.close();
        // what a kill -9 inside leader-elected leaves: the relation's created committed, leader-elected
        // recorded as running (both as the failure left them), and start in flight
        fx.store().save(new jujube.workflow.WorkflowState("installed", "start", java.util.Map.of()));
        Files.delete(root.resolve("fail-leader-elected"));

        UnitAgentRuntime replayed = agent(FIRST, machine);
        POLLING.await("started").until(() -> "started".equals(replayed.workflowState()));
        UnitAgentFixture.awaitQuiet(replayed);
        assertEquals(List.of("install", "replicas-relation-created", "leader-elected", "leader-elected",
                "config-changed", "start"), hooksOf(FIRST));
    }

    @Test
    void resolved_without_retry_skips_the_failed_leadership_hook_and_finishes_the_setup() throws IOException {
        Files.writeString(root.resolve("fail-leader-elected"), "");
        UnitAgentRuntime agent = agent(FIRST, fx.connect());
        POLLING.await("start_error").until(() -> "start_error".equals(fx.replicatedState()));

        fx.state.units().setResolved(FIRST, ResolvedMode.NO_HOOK);
        POLLING.await("started").until(() -> "started".equals(agent.workflowState()));
        UnitAgentFixture.awaitQuiet(agent);
        assertEquals(List.of("install", "replicas-relation-created", "leader-elected", "config-changed", "start"),
                hooksOf(FIRST), "the term is taken as announced: no leader-elected again");
    }

    @Test
    void a_removed_unit_runs_remove_after_stop_once() throws IOException {
        UnitAgentRuntime agent = agent(FIRST, fx.connect());
        POLLING.await("started").until(() -> "started".equals(agent.workflowState()));
        UnitAgentFixture.awaitQuiet(agent);

        agent.retire();
        POLLING.await("retired").until(agent::isRetired);
        List<String> hooks = hooksOf(FIRST);
        assertEquals(List.of("replicas-relation-broken", "stop", "remove"), hooks.subList(hooks.size() - 3, hooks.size()),
                hooks.toString());
        assertTrue(Files.exists(fx.unitDir(FIRST).resolve("state").resolve("remove-hook-ran")));
    }

    @Test
    void a_retirement_cut_before_or_after_remove_runs_it_once_and_stop_not_again() throws IOException {
        UnitAgentRuntime agent = agent(FIRST, fx.connect());
        POLLING.await("started").until(() -> "started".equals(agent.workflowState()));
        agent.retire();
        POLLING.await("retired").until(agent::isRetired);
        Path state = fx.unitDir(FIRST).resolve("state");
        List<String> retiredOnce = hooksOf(FIRST);

        // what a kill -9 between the committed stop and remove leaves: relations departed, stopped, no markers
        Files.delete(state.resolve("remove-hook-ran"));
        Files.delete(state.resolve("retired"));
        UnitAgentRuntime afterStop = agent(FIRST, fx.connect());
        afterStop.retire();
        POLLING.await("retired again").until(afterStop::isRetired);
        List<String> more = hooksOf(FIRST).subList(retiredOnce.size(), hooksOf(FIRST).size());
        assertEquals(List.of("remove"), more, "remove runs, stop does not run again");

        // a kill between remove and the retired marker: remove does not run again
        Files.delete(state.resolve("retired"));
        UnitAgentRuntime afterRemove = agent(FIRST, fx.connect());
        afterRemove.retire();
        POLLING.await("retired a third time").until(afterRemove::isRetired);
        assertEquals(1 + retiredOnce.size(), hooksOf(FIRST).size(), hooksOf(FIRST).toString());
    }
}
