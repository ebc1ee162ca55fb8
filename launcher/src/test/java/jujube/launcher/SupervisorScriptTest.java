package jujube.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/jujube-supervise} on real processes: a child that records each of its starts in a file and
 * then sleeps (or exits with a given status).
 */
class SupervisorScriptTest {
    private static final Path SCRIPT = Path.of("src/main/dist/bin/jujube-supervise");
    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path tmp;
    private Process supervisor;

    /**
     * Kills the supervisor and every process under it, and waits for each to be gone: a child left
     * running (one the supervisor started just before its kill, or the sleep of its backoff) would write
     * into the temporary directory while JUnit deletes it.
     */
    @AfterEach
    void kill_what_is_left() throws Exception {
        if (supervisor == null) {
            return;
        }
        List<ProcessHandle> tree = new ArrayList<>(supervisor.toHandle().descendants().toList());
        tree.add(0, supervisor.toHandle());
        ProcessHandle.of(pid()).ifPresent(tree::add);
        tree.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle p : tree) {
            p.onExit().get(WAIT.toSeconds(), TimeUnit.SECONDS);
        }
        // a child forked between the listing and the kill: the recorded pid is the last one started
        ProcessHandle.of(pid()).filter(ProcessHandle::isAlive).ifPresent(p -> {
            p.destroyForcibly();
            p.onExit().join();
        });
    }

    @Test
    void a_killed_child_is_started_again_and_its_new_pid_recorded() throws Exception {
        supervise("exec sleep 1000");
        await("first start", () -> starts() == 1 && alive(pid()));
        long first = pid();

        ProcessHandle.of(first).orElseThrow().destroyForcibly();

        await("second start", () -> starts() == 2 && pid() != first && alive(pid()));
        assertTrue(supervisor.isAlive());
        assertTrue(Files.readString(tmp.resolve("out")).contains("child (pid " + first + ") exited with status 137"),
                Files.readString(tmp.resolve("out")));
    }

    @Test
    void sigterm_stops_the_child_and_the_supervisor_without_another_start() throws Exception {
        supervise("exec sleep 1000");
        await("first start", () -> starts() == 1 && alive(pid()));
        ProcessHandle child = ProcessHandle.of(pid()).orElseThrow();

        supervisor.destroy();

        assertTrue(supervisor.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS), "the supervisor exits");
        assertEquals(0, supervisor.exitValue());
        assertFalse(child.isAlive(), "its child with it");
        assertEquals(1, starts());
    }

    @Test
    void a_usage_error_is_not_retried() throws Exception {
        supervise("exit 2");

        assertTrue(supervisor.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS), "the supervisor gives up");
        assertEquals(2, supervisor.exitValue());
        assertEquals(1, starts());
        assertTrue(Files.readString(tmp.resolve("out")).contains("exited with status 2, a usage error"));
    }

    @Test
    void a_child_that_keeps_failing_is_started_again_later_each_time() throws Exception {
        supervise("exit 1");
        await("three starts", () -> starts() >= 3);
        List<String> lines = Files.readAllLines(tmp.resolve("out"));

        assertTrue(lines.get(0).endsWith("starting it again in 0.250 s"), lines.toString());
        assertTrue(lines.get(1).endsWith("starting it again in 0.500 s"), lines.toString());
    }

    private void supervise(String then) throws IOException {
        String child = "echo start >> '" + tmp.resolve("starts") + "'; " + then;
        supervisor = new ProcessBuilder("sh", SCRIPT.toString(), pidFile().toString(), tmp.resolve("out").toString(),
                "sh", "-c", child).redirectErrorStream(true).redirectOutput(tmp.resolve("supervisor.out").toFile()).start();
    }

    private Path pidFile() {
        return tmp.resolve("child.pid");
    }

    /** The pid the supervisor recorded, -1 before it recorded any. */
    private long pid() throws IOException {
        return Files.exists(pidFile()) ? Long.parseLong(Files.readString(pidFile()).strip()) : -1;
    }

    private int starts() throws IOException {
        Path file = tmp.resolve("starts");
        return Files.exists(file) ? Files.readAllLines(file).size() : 0;
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private interface Check {
        boolean holds() throws Exception;
    }

    private static void await(String what, Check check) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!check.holds()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(what + " not reached within " + WAIT.toSeconds() + " s");
            }
            Thread.sleep(20);
        }
    }
}
