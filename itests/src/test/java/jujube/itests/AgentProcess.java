package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;

/**
 * An agent process a test starts itself in a local environment's layout, as bootstrap would: detached
 * ({@code setsid}, which execs, so the pid is the agent's JVM), logging to {@code logs/<name>.log},
 * its pid in {@code pids/<name>.pid} so that {@code destroy-environment} stops it.
 */
record AgentProcess(String name, Path envDir, Process process) {
    /** Polls every 50 ms; what the test's own threads throw meanwhile is not the awaited condition. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(50));

    static AgentProcess start(Path envDir, String name, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("setsid",
                new Distribution(Path.of("/unused")).dist.resolve("bin/jujube-agent").toString()));
        command.addAll(List.of(args));
        Files.createDirectories(envDir.resolve("logs"));
        Files.createDirectories(envDir.resolve("pids"));
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .redirectOutput(ProcessBuilder.Redirect.appendTo(envDir.resolve("logs").resolve(name + ".log").toFile()))
                .start();
        Files.writeString(envDir.resolve("pids").resolve(name + ".pid"), p.pid() + "\n", StandardCharsets.US_ASCII);
        return new AgentProcess(name, envDir, p);
    }

    long pid() {
        return process.pid();
    }

    String log() {
        return String.join("\n", Environment.lines(envDir.resolve("logs").resolve(name + ".log")));
    }

    /** Waits for {@code up}, failing at once with the agent's log when its process ends. */
    void awaitUp(Duration timeout, BooleanSupplier up) {
        POLLING.await(name + " up").atMost(timeout)
                .failFast(name + " exited", () -> assertTrue(process.isAlive(),
                        () -> name + " exited with " + process.exitValue() + ": " + log()))
                .untilAsserted(() -> assertTrue(up, () -> "last seen: " + log()));
    }

    /** Sends a signal ({@code STOP}, {@code CONT}) to the agent's JVM. */
    void signal(String signal) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid())).inheritIO().start();
        if (kill.waitFor() != 0) {
            throw new AssertionError("kill -" + signal + " " + pid() + " failed");
        }
    }
}
