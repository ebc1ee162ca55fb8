package jujube.agent.unit.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import jujube.model.StatusEntry;
import jujube.model.WorkloadStatus;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.Test;

/**
 * The workload status the agent reports until the charm says something, as Go juju's does: waiting for the
 * machine, waiting while the agent initializes, maintenance while install runs, unknown once started; each
 * change recorded in the status history as a charm's status-set is.
 */
class UnitAgentWorkloadStatusTest extends UnitAgentTestBase {
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10)).atMost(Duration.ofSeconds(30));

    @Test
    void a_slow_install_shows_maintenance_while_it_runs_and_waiting_before_it() throws IOException {
        Path running = root.resolve("install-running");
        Path gate = root.resolve("install-may-end");
        Path install = fx.unitDir.resolve("charm").resolve("hooks").resolve("install");
        // the install hook holds until the test lets it end, so its status is seen while it runs
        Files.writeString(install, "#!/bin/sh\ntouch '" + running + "'\n"
                + "while [ ! -e '" + gate + "' ]; do sleep 0.05; done\n");
        Files.setPosixFilePermissions(install, PosixFilePermissions.fromString("rwx------"));
        assertEquals(new WorkloadStatus("waiting", "waiting for machine", status().since()), status(),
                "a new unit, its agent not started");

        UnitAgentRuntime agent = fx.startAgent(0);
        POLLING.await("install runs").until(() -> Files.exists(running));
        assertEquals(new WorkloadStatus("maintenance", "installing charm software", status().since()), status(),
                "while install runs");

        Files.writeString(gate, "");
        POLLING.await("started").until(() -> "started".equals(fx.replicatedState()));
        UnitAgentFixture.awaitQuiet(agent);
        assertEquals(new WorkloadStatus("unknown", "", status().since()), status(), "the charm said nothing");
        List<String> workload = fx.state.units().statusHistory(UnitAgentFixture.UNIT).stream()
                .filter(e -> e.state().startsWith("workload:")).map(UnitAgentWorkloadStatusTest::line).toList();
        assertEquals(List.of("workload:waiting  agent initializing", "workload:maintenance  installing charm software",
                "workload:maintenance  starting", "workload:unknown  "), workload, "the agent's changes, in order");
    }

    private WorkloadStatus status() {
        return fx.state.unit(UnitAgentFixture.UNIT).workload().orElseThrow().status();
    }

    private static String line(StatusEntry e) {
        return e.state() + " " + e.hook() + " " + e.message();
    }
}
