package jujube.agent.unit.internal;

import static jujube.agent.unit.internal.UnitAgentFixture.CHARM_2;
import static jujube.agent.unit.internal.UnitAgentFixture.UNIT;
import static jujube.agent.unit.internal.UnitAgentFixture.awaitQuiet;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import jujube.model.LoggedRecord;
import jujube.model.UpgradeRequest;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.Test;

/** A unit agent's own records in the debug log: workflow states, failures and upgrade decisions. */
class UnitAgentDebugLogTest extends UnitAgentTestBase {
    /** Waits for what the unit agent does in its own threads: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10)).atMost(Duration.ofSeconds(20));

    private List<String> lines() {
        return fx.state.debugLog().after(-1).stream().map(LoggedRecord::record)
                .map(r -> r.unit() + " " + r.channel() + " " + r.level() + " " + r.message()).toList();
    }

    @Test
    void workflow_states_hook_failures_and_a_refused_upgrade_are_published() throws Exception {
        fx.failHook("install", true);
        {
            UnitAgentRuntime agent = fx.startAgent(0);
            POLLING.await("install_error").until(() -> "install_error".equals(fx.replicatedState()));
            awaitQuiet(agent);
            fx.publish(CHARM_2, fx.charm(2, "-v2"));
            fx.state.services().setCharm("blog", CHARM_2);
            fx.state.units().setUpgrade(UNIT, new UpgradeRequest(false));

            String refused = "blog/0 unit.agent WARNING Cannot upgrade: unit is in non-started state install_error."
                    + " Reissue upgrade command to try again.";
            POLLING.await("the refusal published").until(() -> lines().contains(refused));
            List<String> lines = lines();
            for (String expected : List.of("blog/0 unit.hook INFO running hook install",
                    "blog/0 unit.hook ERROR hook install failed: exit code 1")) {
                assertTrue(lines.contains(expected), expected + " in " + lines);
            }
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("blog/0 unit.workflow ERROR state install_error: ")),
                    lines.toString());
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("blog/0 unit.agent ERROR install failed: ")),
                    lines.toString());
        }
    }
}
