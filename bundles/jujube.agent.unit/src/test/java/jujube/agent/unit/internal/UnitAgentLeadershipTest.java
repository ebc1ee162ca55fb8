package jujube.agent.unit.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import jujube.model.UnitName;
import jujube.state.StateConnection;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two units of one service, each with its own agent on its own connection, as on two machines: one runs
 * leader-elected and publishes a leader setting, the other runs leader-settings-changed and reads it;
 * the lead passes on when the leader's connection goes, and a restarted agent announces no term twice.
 */
class UnitAgentLeadershipTest extends UnitAgentTestBase {
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10)).atMost(Duration.ofSeconds(30));
    private UnitName other;
    private Path log;

    @BeforeEach
    void twoUnits() throws IOException {
        other = fx.addUnit();
        log = root.resolve("leaders.log");
        for (UnitName unit : List.of(UnitAgentFixture.UNIT, other)) {
            Path hooks = fx.unitDir(unit).resolve("charm").resolve("hooks");
            hook(hooks, "leader-elected", "echo \"$JUJU_UNIT_NAME leader-elected $(is-leader)\" >> '" + log + "'\n"
                    + "leader-set \"leader=$JUJU_UNIT_NAME\" || exit 1\n");
            hook(hooks, "leader-settings-changed", "echo \"$JUJU_UNIT_NAME leader-settings-changed $(is-leader)"
                    + " $(leader-get leader)\" >> '" + log + "'\n");
        }
    }

    private static void hook(Path hooks, String name, String body) throws IOException {
        Path file = hooks.resolve(name);
        Files.writeString(file, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
    }

    private List<String> lines() throws IOException {
        return Files.exists(log) ? Files.readAllLines(log) : List.of();
    }

    @Test
    void one_unit_leads_publishes_and_the_other_follows_then_takes_over() throws IOException {
        UnitName first = UnitAgentFixture.UNIT;
        StateConnection firstMachine = fx.connect();
        UnitAgentRuntime leaderAgent = fx.startAgent(first, fx.unitDir(first), firstMachine, 0);
        POLLING.await("blog/0 elected").until(() -> lines().contains("blog/0 leader-elected True"));
        UnitAgentRuntime follower = fx.startAgent(other, fx.unitDir(other), fx.connect(), 0);
        POLLING.await("blog/1 follows").until(() -> lines().contains("blog/1 leader-settings-changed False blog/0"));
        UnitAgentFixture.awaitQuiet(follower);
        assertEquals(List.of("blog/0 leader-elected True", "blog/1 leader-settings-changed False blog/0"), lines());

        leaderAgent.close();
        firstMachine.close(); // the machine gone: its session ends with the connection
        POLLING.await("blog/1 elected").until(() -> lines().contains("blog/1 leader-elected True"));
        POLLING.await("settings").until(() -> "blog/1".equals(fx.state.unit(other).leadership().settings().get("leader")));

        // the new leader's agent restarted: the term it announced is not announced again
        follower.close();
        UnitAgentRuntime again = fx.startAgent(other, fx.unitDir(other), fx.connect(), 0);
        UnitAgentFixture.awaitQuiet(again);
        assertEquals(1, lines().stream().filter("blog/1 leader-elected True"::equals).count(), lines().toString());
        assertEquals("started", again.workflowState());
        assertTrue(fx.state.overview().leaders().get("blog").equals(other));
    }

    @Test
    void a_failed_leader_elected_of_the_setup_is_a_start_error_that_retry_hook_runs_again() throws IOException {
        Path hooks = fx.unitDir(UnitAgentFixture.UNIT).resolve("charm").resolve("hooks");
        Path failing = root.resolve("fail-leader-elected");
        Files.writeString(failing, "");
        hook(hooks, "leader-elected", "echo \"$JUJU_UNIT_NAME leader-elected $(is-leader)\" >> '" + log + "'\n"
                + "[ -e '" + failing + "' ] && exit 1\nexit 0\n");
        UnitAgentRuntime agent = fx.startAgent(0);
        // the first term is announced in the unit's setup, before config-changed and start
        POLLING.await("start_error").until(() -> "start_error".equals(fx.replicatedState()));
        assertTrue(fx.state.units().get(UnitAgentFixture.UNIT).workflowStateInfo().contains("leader-elected"),
                fx.state.units().get(UnitAgentFixture.UNIT).workflowStateInfo());

        Files.delete(failing);
        fx.state.units().setResolved(UnitAgentFixture.UNIT, jujube.model.ResolvedMode.RETRY_HOOK);
        POLLING.await("started").until(() -> "started".equals(fx.replicatedState()));
        assertEquals(List.of("blog/0 leader-elected True", "blog/0 leader-elected True"), lines());
        assertEquals(List.of("install", "config-changed", "start"), fx.hookLog(), "the setup went on after it");
        UnitAgentFixture.awaitQuiet(agent);
    }

    @Test
    void the_agent_reports_the_workload_until_the_charm_does_and_the_leader_sets_the_applications() throws IOException {
        UnitName first = UnitAgentFixture.UNIT;
        Path hooks = fx.unitDir(first).resolve("charm").resolve("hooks");
        hook(hooks, "start", "status-set active \"serving t\" || exit 1\n"
                + "application-version-set 2.4.1 || exit 1\n");
        hook(hooks, "leader-elected", "status-set --application blocked \"needs peers\" || exit 1\n");
        UnitAgentRuntime one = fx.startAgent(first, fx.unitDir(first), fx.connect(), 0);
        POLLING.await("blog/0 leads").until(() -> first.equals(fx.state.overview().leaders().get("blog")));
        UnitAgentRuntime two = fx.startAgent(other, fx.unitDir(other), fx.connect(), 0);
        POLLING.await("both started").until(() -> "started".equals(one.workflowState())
                && "started".equals(two.workflowState()));
        POLLING.await("the application status").until(() -> fx.state.overview().applicationStatuses().containsKey("blog"));
        UnitAgentFixture.awaitQuiet(one);
        UnitAgentFixture.awaitQuiet(two);

        jujube.model.UnitWorkload charmSet = fx.state.unit(first).workload().orElseThrow();
        assertEquals("active", charmSet.status().current());
        assertEquals("serving t", charmSet.status().message());
        assertTrue(charmSet.setByCharm());
        assertEquals("2.4.1", charmSet.version());
        jujube.model.UnitWorkload agentSet = fx.state.unit(other).workload().orElseThrow();
        assertEquals(new jujube.model.UnitWorkload(new jujube.model.WorkloadStatus("unknown", "", agentSet.status().since()),
                false, ""), agentSet, "the charm of blog/1 said nothing: unknown, after the agent's maintenance");
        assertEquals("blocked", fx.state.overview().applicationStatuses().get("blog").current());
        assertTrue(fx.state.unit(first).statusHistory().stream()
                .anyMatch(e -> e.state().equals("workload:active") && e.hook().equals("start")
                        && e.message().equals("serving t")), fx.state.unit(first).statusHistory().toString());
    }
}
