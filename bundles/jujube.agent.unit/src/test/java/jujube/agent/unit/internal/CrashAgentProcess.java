package jujube.agent.unit.internal;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import jujube.model.UnitName;
import jujube.testkit.Polling;
import jujube.testkit.TestJvm;
import org.awaitility.core.ConditionFactory;

/**
 * A {@link UnitAgentProcess} in a child JVM on this test's class path, killed with SIGKILL:
 * {@link Process#destroyForcibly()} sends SIGKILL on Linux, which {@link #kill()} verifies by the exit
 * status 137 (128 + 9). Hooks run in process groups of their own, so a hook running at the kill outlives
 * its agent, as after a real crash; those left-overs are remembered and reaped by {@link #reapOrphans()}.
 */
final class CrashAgentProcess {
    /** Polls the agent's log every 10 ms. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10));

    private static final String CHARM_HOOKS = File.separator + "charm" + File.separator + "hooks" + File.separator;
    private final Process process;
    private final List<ProcessHandle> orphans;

    private CrashAgentProcess(Process process, List<ProcessHandle> orphans) {
        this.process = process;
        this.orphans = orphans;
    }

    /** What a kill interrupted: the hook that was running, if one was. */
    record Kill(Optional<String> hook) {}

    /** Starts life {@code incarnation} of the agent, which records its pid in {@code <control>/agents}. */
    static CrashAgentProcess start(String connectString, String chroot, UnitName unit, Path unitDir, Path log,
            Path control, int incarnation, List<ProcessHandle> orphans) throws IOException {
        Path credentials = control.resolve("admin.yaml"); // the agent's JVM connects as the test's administrator
        ProcessBuilder builder = TestJvm.builder(UnitAgentProcess.class, List.of("-XX:+UseSerialGC", "-Xmx96m",
                        "-Dorg.slf4j.simpleLogger.showDateTime=true", "-Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss.SSS",
                        "-D" + UnitAgentProcess.AGENTS_FILE + "=" + control.resolve("agents"),
                        "-D" + UnitAgentProcess.INCARNATION + "=" + incarnation),
                connectString, chroot, unit.toString(), unitDir.toString(), credentials.toString())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        return new CrashAgentProcess(builder.start(), orphans);
    }

    /** Kills the agent with SIGKILL and reports which hook, if any, it was running. */
    Kill kill() throws InterruptedException {
        // taken before the kill: afterwards the hook is re-parented and no longer our descendant
        List<ProcessHandle> running = process.descendants().toList();
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new AssertionError("the agent process " + process.pid() + " did not die of SIGKILL");
        }
        if (process.exitValue() != 128 + 9) {
            throw new AssertionError("the agent process ended with " + process.exitValue() + ", not by SIGKILL");
        }
        orphans.addAll(running);
        return new Kill(running.stream().map(p -> p.info().commandLine().orElse(""))
                .filter(c -> c.contains(CHARM_HOOKS)).findFirst()
                .map(c -> c.substring(c.lastIndexOf(CHARM_HOOKS) + CHARM_HOOKS.length()).split(" ")[0]));
    }

    /**
     * Waits until this life of the agent has started (its "running, pid N" line is in the log), so that a
     * random delay counted from here lands in the agent's work, whatever the JVM's start-up took.
     */
    void awaitRunning(Path log, Duration deadline) {
        String running = "running, pid " + process.pid();
        POLLING.await("the agent's start; see " + log).atMost(deadline)
                .failFast("the agent process died during its start; see " + log, () -> !process.isAlive())
                .until(() -> Files.readString(log, StandardCharsets.ISO_8859_1).contains(running));
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Waits for the hooks the kills left behind to end (they are short), killing any that hangs on. */
    static void reapOrphans(List<ProcessHandle> orphans) {
        for (ProcessHandle orphan : new ArrayList<>(orphans)) {
            try {
                orphan.onExit().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                orphan.destroyForcibly();
            }
        }
        orphans.clear();
    }
}
