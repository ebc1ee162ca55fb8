package jujube.agent.unit.internal;

import static jujube.agent.unit.internal.UnitAgentFixture.UNIT;
import static jujube.agent.unit.internal.UnitAgentFixture.awaitQuiet;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import jujube.state.EnvironmentConfig;
import jujube.model.ResolvedMode;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.Test;

/**
 * A failed hook shows its error state at once and is retried in the background, 5 s doubling to 5 minutes
 * (Go juju's uniter), unless the environment turns automatic retries off. The retry timer is the fixture's
 * {@link ManualDelayedActions}: the test sees the delays asked for and fires them, so nothing waits minutes.
 */
class UnitAgentHookRetryTest extends UnitAgentTestBase {
    /** Waits for what the unit agent does in its own threads: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10)).atMost(Duration.ofSeconds(20));

    @Test
    void a_failing_install_shows_its_error_at_once_and_is_retried_with_doubling_delays_until_it_succeeds() throws Exception {
        fx.failHook("install", true);
        UnitAgentRuntime agent = fx.startAgent(2);
        POLLING.await("install_error").until(() -> "install_error".equals(fx.replicatedState()));
        assertEquals(List.of("install"), fx.hookLog(), "the error state comes with the first failure");
        POLLING.await("retry scheduled and shown")
                .until(() -> fx.delayed.pending() == 1 && info().contains("retry 1 at "));
        String info = info();
        assertTrue(info.startsWith("hook install failed") && info.contains("retry 1 at ") && info.endsWith("(in 5 s)"),
                info);

        List<Duration> expected = new ArrayList<>();
        long[] seconds = {5, 10, 20, 40, 80, 160, 300, 300};
        for (int retry = 1; retry <= seconds.length; retry++) {
            expected.add(Duration.ofSeconds(seconds[retry - 1]));
            int r = retry;
            POLLING.await("retry " + r + " scheduled")
                    .until(() -> fx.delayed.delays().size() == r && fx.delayed.pending() == 1);
            assertEquals(expected, fx.delayed.delays());
            if (retry < seconds.length) {
                fx.delayed.fire();
                POLLING.await("install run again").until(() -> fx.hookLog().size() == r + 1);
            }
        }
        POLLING.await("still in error, info shows the next retry").until(() -> info().contains("retry 8 at "));
        assertEquals("install_error", fx.replicatedState());

        fx.failHook("install", false);
        fx.delayed.fire();

        POLLING.await("started").until(() -> "started".equals(fx.replicatedState()));
        awaitQuiet(agent);
        POLLING.await("info cleared").until(() -> info().isEmpty());
        assertEquals(Collections.nCopies(9, "install"), fx.hookLog().subList(0, 9));
        assertEquals(List.of("config-changed", "start"), fx.hookLog().subList(9, 11));
        assertEquals(0, fx.delayed.pending());
    }

    @Test
    void with_automatic_retries_off_the_error_stays_until_turned_on_or_resolved() throws Exception {
        fx.state.environmentConfig().set(Map.of(EnvironmentConfig.AUTOMATICALLY_RETRY_HOOKS, false));
        fx.failHook("install", true);
        UnitAgentRuntime agent = fx.startAgent(2);
        POLLING.await("install_error").until(() -> "install_error".equals(fx.replicatedState()));
        POLLING.await("info says retries are off").until(() -> info().contains("automatic retries are off"));
        awaitQuiet(agent);
        assertEquals(List.of(), fx.delayed.delays(), "no retry scheduled");

        fx.state.environmentConfig().set(Map.of(EnvironmentConfig.AUTOMATICALLY_RETRY_HOOKS, true));
        POLLING.await("retry scheduled once turned on").until(() -> fx.delayed.pending() == 1);
        assertEquals(List.of(Duration.ofSeconds(5)), fx.delayed.delays());

        fx.failHook("install", false);
        fx.state.units().setResolved(UNIT, ResolvedMode.RETRY_HOOK);
        POLLING.await("started").until(() -> "started".equals(fx.replicatedState()));
        POLLING.await("the scheduled retry is cancelled").until(() -> fx.delayed.pending() == 0);
        assertEquals(List.of("install", "install", "config-changed", "start"), fx.hookLog());
    }

    private String info() {
        return fx.state.units().get(UNIT).workflowStateInfo();
    }
}
