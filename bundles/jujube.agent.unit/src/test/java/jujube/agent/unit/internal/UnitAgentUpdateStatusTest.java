package jujube.agent.unit.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import jujube.state.EnvironmentConfig;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.Test;

/** update-status runs on a started unit at the environment's interval, and not while it is in an error state. */
class UnitAgentUpdateStatusTest extends UnitAgentTestBase {
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10)).atMost(Duration.ofSeconds(30));

    @Test
    void update_status_runs_at_the_configured_interval_on_a_started_unit_only() throws IOException {
        Path log = root.resolve("update-status.log");
        Path hook = fx.unitDir.resolve("charm").resolve("hooks").resolve("update-status");
        Files.writeString(hook, "#!/bin/sh\necho \"update-status $(status-get)\" >> '" + log + "'\n");
        Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwx------"));
        fx.state.environmentConfig().set(Map.of(EnvironmentConfig.UPDATE_STATUS_HOOK_INTERVAL, "1s"));

        UnitAgentRuntime agent = fx.startAgent(0);
        POLLING.await("two update-status").until(() -> lines(log).size() >= 2);
        assertEquals(List.of("install", "config-changed", "start"), fx.hookLog(), "nothing else ran meanwhile");
        assertEquals("update-status unknown", lines(log).get(0), "after start, with the workload the agent set");

        // in an error state no update-status runs
        fx.failHook("config-changed", true);
        fx.state.services().updateConfig("blog", Map.of("title", "broken"));
        POLLING.await("configure_error").until(() -> "configure_error".equals(fx.replicatedState()));
        int before = lines(log).size();
        sleep(Duration.ofMillis(2500));
        assertEquals(before, lines(log).size(), "no update-status in configure_error");
        assertTrue(fx.state.units().statusHistory(UnitAgentFixture.UNIT).stream()
                .anyMatch(e -> e.hook().equals("update-status")), "the status history names it");
        UnitAgentFixture.awaitQuiet(agent);
    }

    private static List<String> lines(Path file) {
        try {
            return Files.exists(file) ? Files.readAllLines(file) : List.of();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
