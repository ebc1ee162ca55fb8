package jujube.agent.unit.internal;

import static jujube.agent.unit.internal.UnitAgentFixture.UNIT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import jujube.state.RunResult;
import jujube.model.StatusEntry;
import jujube.state.UnitRuns;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.Test;

/** {@code jujube run} at the agent: commands in the hook context, in turn with the hooks; status history. */
class UnitAgentRunTest extends UnitAgentTestBase {
    /** Waits for what the unit agent does in its own threads: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10)).atMost(Duration.ofSeconds(20));

    private RunResult run(String command, Duration timeout) throws InterruptedException {
        String id = fx.state.runs().request(UNIT, command, timeout);
        try {
            return fx.state.runs().await(UNIT, id, Duration.ofSeconds(30))
                    .orElseThrow(() -> new AssertionError("no answer to " + command));
        } finally {
            fx.state.runs().remove(UNIT, id);
        }
    }

    @Test
    void a_command_runs_in_the_hook_context_after_the_running_hook_never_beside_it() throws Exception {
        Path hook = fx.unitDir.resolve("charm/hooks/install");
        Path running = root.resolve("install-running");
        Path release = root.resolve("release");
        Files.writeString(hook, "#!/bin/sh\ntouch '" + running + "'\nwhile [ ! -e '" + release + "' ]; do sleep 0.05; done\n"
                + "rm '" + running + "'\n");
        Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwx------"));
        fx.startAgent(0);
        POLLING.await("install running").until(() -> Files.exists(running));
        String id = fx.state.runs().request(UNIT, "test -e '" + running + "' && echo beside || echo after; "
                + "echo \"$JUJU_UNIT_NAME $(pwd)\"; relation-ids nosuch; exit 3", Duration.ofSeconds(20));
        Files.writeString(release, "");
        RunResult result = fx.state.runs().await(UNIT, id, Duration.ofSeconds(30)).orElseThrow();
        fx.state.runs().remove(UNIT, id);
        assertEquals(new RunResult(3, "after\nblog/0 " + fx.unitDir.resolve("charm") + "\n", "", ""), result);
    }

    @Test
    void a_unit_in_error_runs_commands_and_publishes_its_history_and_error() throws Exception {
        fx.failHook("install", true);
        fx.startAgent(0);
        POLLING.await("install_error").until(() -> "install_error".equals(fx.replicatedState()));
        String info = fx.state.units().get(UNIT).workflowStateInfo();
        // the failure, then (once the retry is scheduled) when the agent tries again
        assertTrue(info.startsWith("hook install failed: exit code 1"), info);
        List<StatusEntry> history = fx.state.units().statusHistory(UNIT);
        StatusEntry last = history.get(history.size() - 1);
        assertEquals(List.of("install_error", "install", "hook install failed: exit code 1"),
                List.of(last.state(), last.hook(), last.message()));

        assertEquals(new RunResult(0, "ok\n", "", ""), run("echo ok # s3cret", Duration.ofSeconds(20)));
        StatusEntry exec = POLLING.await("the command in the status history").until(() -> {
            List<StatusEntry> all = fx.state.units().statusHistory(UNIT);
            return all.get(all.size() - 1);
        }, e -> e.state().equals("exec"));
        assertTrue(exec.message().startsWith("a command ran (request run-") && exec.message().endsWith("exit code 0"),
                exec.message());
        assertTrue(fx.state.units().statusHistory(UNIT).stream().noneMatch(e -> e.message().contains("s3cret")),
                "the command's text stays out of the history");
        RunResult slow = run("echo started; exec sleep 30", Duration.ofMillis(500));
        assertEquals(List.of(124, "started\n"), List.of(slow.exitCode(), slow.stdout()));
        assertTrue(slow.error().startsWith("timed out"), slow.error());
        // 100 lines of 1,000 characters: within the invoker's line limits, over the answer's
        RunResult big = run("for i in $(seq 100); do head -c 1000 /dev/zero | tr '\\0' a; echo; done",
                Duration.ofSeconds(20));
        String all = ("a".repeat(1000) + "\n").repeat(100);
        assertTrue(big.stdout().startsWith(all.substring(0, UnitRuns.MAX_OUTPUT_BYTES)), "the head is kept");
        assertTrue(big.stdout().endsWith("\n[output truncated: " + (all.length() - UnitRuns.MAX_OUTPUT_BYTES)
                + " more bytes]\n"), big.stdout().substring(UnitRuns.MAX_OUTPUT_BYTES));

        fx.failHook("install", false);
        fx.state.units().setResolved(UNIT, jujube.model.ResolvedMode.RETRY_HOOK);
        POLLING.await("started").until(() -> "started".equals(fx.replicatedState()));
        assertEquals("", fx.state.units().get(UNIT).workflowStateInfo());
        // then the unit's leadership hook (it leads its service alone), which keeps it started
        // the workflow's transitions, among the commands and the agent's workload statuses
        assertEquals(List.of("install_error", "installed", "started"), fx.state.units().statusHistory(UNIT).stream()
                .map(StatusEntry::state).filter(state -> !state.equals("exec") && !state.startsWith("workload:"))
                .toList().subList(0, 3));
    }

    @Test
    void a_request_claimed_by_an_agent_that_died_is_answered_not_run_again() throws Exception {
        String id = fx.state.runs().request(UNIT, "touch '" + root.resolve("ran") + "'", Duration.ofSeconds(20));
        assertTrue(fx.state.runs().claim(UNIT, id)); // as the agent that died did
        fx.startAgent(0);
        RunResult result = fx.state.runs().await(UNIT, id, Duration.ofSeconds(30)).orElseThrow();
        assertEquals(1, result.exitCode());
        assertTrue(result.error().contains("stopped while the command ran"), result.error());
        assertTrue(Files.notExists(root.resolve("ran")));
    }
}
