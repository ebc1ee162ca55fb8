package jujube.process.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import jujube.process.ProcessOutcome;
import jujube.process.RunnerSettings;
import jujube.process.spawn.ProcessSpawner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Timeouts, interrupts and children left behind: a process never holds its runner's caller hostage. */
@ParameterizedClass(name = "{0}")
@MethodSource("jujube.process.internal.Spawners#both")
class ProcessControlTest extends RunnerFixture {
    ProcessControlTest(ProcessSpawner spawner) {
        super(spawner, RunnerSettings.unlimited(Duration.ofSeconds(1)));
    }

    @ParameterizedTest(name = "native leader: {0}")
    @ValueSource(booleans = {true, false})
    void a_process_leads_its_own_session_and_process_group(boolean nativeLeader) throws Exception {
        if (nativeLeader) {
            scripts.installLeader();
        }
        Path script = scripts.script("install", "read -r stat < /proc/$$/stat; echo \"$stat\"");
        ScriptFixture.Recording output = new ScriptFixture.Recording();

        assertEquals(new ProcessOutcome.Exited(0), runner.run(scripts.spec(script), spawner, output));

        String stat = output.stdout().get(0);
        String pid = stat.substring(0, stat.indexOf(' '));
        // After "(comm) ": state, ppid, pgrp, session.
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        assertEquals(pid, fields[2], "process group");
        assertEquals(pid, fields[3], "session");
    }

    @ParameterizedTest(name = "native leader: {0}")
    @ValueSource(booleans = {true, false})
    void a_timeout_kills_the_whole_process_group(boolean nativeLeader) throws Exception {
        if (nativeLeader) {
            scripts.installLeader();
        }
        // One child of the script and one orphaned grandchild (its subshell exits at once).
        Path script = scripts.script("install", """
                sleep 1000 &
                echo $! > "$WORK/pids"
                ( sleep 1000 & echo $! >> "$WORK/pids" )
                echo ready
                sleep 1000""");

        ScriptFixture.Recording output = new ScriptFixture.Recording();
        ProcessOutcome outcome = runner.run(scripts.spec(script, Duration.ofSeconds(2)), spawner, output);

        assertEquals(new ProcessOutcome.TimedOut(Duration.ofSeconds(2)), outcome);
        assertEquals(List.of("ready"), output.stdout());
        List<Long> pids = ScriptFixture.pids(scripts.dir.resolve("pids"));
        leftovers.addAll(pids);
        assertEquals(2, pids.size());
        POLLING.atMost(DEADLINE).untilAsserted(() -> assertTrue(() -> pids.stream().noneMatch(ScriptFixture::running),
                () -> "children still running: " + pids));
    }

    @Test
    void a_child_holding_the_output_open_does_not_hang_the_caller() throws Exception {
        // The background sleep inherits stdout and stderr and outlives the script.
        Path script = scripts.script("start", """
                sleep 1000 &
                echo $! > "$WORK/pids"
                echo started
                echo warned >&2""");
        ScriptFixture.Recording output = new ScriptFixture.Recording();

        ProcessOutcome outcome = CompletableFuture.supplyAsync(() -> runUnchecked(script, output))
                .get(DEADLINE.toSeconds(), TimeUnit.SECONDS);

        leftovers.addAll(ScriptFixture.pids(scripts.dir.resolve("pids")));
        assertEquals(new ProcessOutcome.Exited(0), outcome);
        assertEquals(List.of("started"), output.stdout());
        assertEquals(List.of("warned"), output.stderr());
        // The child is not the process: it is left running, and no reader thread waits on it.
        assertTrue(ScriptFixture.running(leftovers.get(0)));
        assertFalse(Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().startsWith(ScriptFixture.THREAD_NAME + "-std")));
    }

    @Test
    void an_interrupt_kills_the_process_group_and_ends_the_run() throws Exception {
        Path script = scripts.script("install", """
                sleep 1000 &
                echo $! > "$WORK/pids"
                echo ready
                wait""");
        CountDownLatch ready = new CountDownLatch(1);
        ScriptFixture.Recording output = new ScriptFixture.Recording() {
            @Override
            public void stdout(String line) {
                super.stdout(line);
                ready.countDown();
            }
        };
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicBoolean returned = new AtomicBoolean();
        Thread caller = new Thread(() -> {
            try {
                runner.run(scripts.spec(script), spawner, output);
                returned.set(true);
            } catch (InterruptedException e) {
                thrown.set(e);
            }
        });
        caller.start();
        assertTrue(ready.await(DEADLINE.toSeconds(), TimeUnit.SECONDS));

        caller.interrupt();
        caller.join(DEADLINE.toMillis());

        assertFalse(caller.isAlive());
        assertFalse(returned.get());
        assertTrue(thrown.get() instanceof InterruptedException, String.valueOf(thrown.get()));
        List<Long> pids = ScriptFixture.pids(scripts.dir.resolve("pids"));
        leftovers.addAll(pids);
        POLLING.atMost(DEADLINE).until(() -> pids.stream().noneMatch(ScriptFixture::running));
    }

    private ProcessOutcome runUnchecked(Path script, ScriptFixture.Recording output) {
        try {
            return runner.run(scripts.spec(script), spawner, output);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
