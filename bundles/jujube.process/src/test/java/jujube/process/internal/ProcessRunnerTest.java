package jujube.process.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import jujube.process.ProcessOutcome;
import jujube.process.ProcessSpec;
import jujube.process.RunnerSettings;
import jujube.process.spawn.ProcessSpawner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** The runner against real shell scripts: environment, directory, descriptors, output and how they end. */
@ParameterizedClass(name = "{0}")
@MethodSource("jujube.process.internal.Spawners#both")
class ProcessRunnerTest extends RunnerFixture {
    /** Variables a shell may export on its own account. */
    private static final Set<String> SHELL_OWN = Set.of("PWD", "OLDPWD", "SHLVL", "_");

    ProcessRunnerTest(ProcessSpawner spawner) {
        super(spawner, RunnerSettings.unlimited(Duration.ofMillis(200)));
    }

    @Test
    void gets_exactly_its_environment() throws Exception {
        Path script = scripts.script("env", "env > \"$WORK/env.out\"");
        ProcessSpec spec = scripts.spec(script);
        Map<String, String> given = Map.of("PATH", "/usr/bin:/bin", "WORK", scripts.dir.toString(), "SPACED", "x y=z ünï");

        assertEquals(new ProcessOutcome.Exited(0), runner.run(new ProcessSpec(spec.threadName(), spec.command(), given,
                spec.directory(), spec.timeout(), spec.limitGroup(), spec.sessionLeader()), spawner,
                new ScriptFixture.Recording()));

        Map<String, String> env = new HashMap<>();
        for (String line : Files.readAllLines(scripts.dir.resolve("env.out"))) {
            env.put(line.substring(0, line.indexOf('=')), line.substring(line.indexOf('=') + 1));
        }
        SHELL_OWN.forEach(env::remove);
        assertEquals(given, env);
        // Set for the test JVM by the surefire configuration: must not reach the process.
        assertEquals("must-not-leak", System.getenv("JUJUBE_TEST_CANARY"));
    }

    @Test
    void runs_in_its_directory_with_no_input() throws Exception {
        // cat would wait forever on an inherited stdin; /dev/null ends it at once.
        Path script = scripts.script("start", "pwd -P > pwd.out; cat");

        assertEquals(new ProcessOutcome.Exited(0), runner.run(scripts.spec(script), spawner, new ScriptFixture.Recording()));

        assertEquals(scripts.dir.toRealPath().toString(), Files.readString(scripts.dir.resolve("pwd.out")).trim());
    }

    @Test
    void the_agents_own_descriptors_do_not_reach_the_process() throws Exception {
        Path marker = Files.writeString(root.resolve("agent-private"), "held open by the agent");
        Path script = scripts.script("install", "ls -l /proc/$$/fd/ > \"$WORK/fds.out\"");

        try (FileChannel held = FileChannel.open(marker, StandardOpenOption.READ)) {
            assertEquals(new ProcessOutcome.Exited(0), runner.run(scripts.spec(script), spawner,
                    new ScriptFixture.Recording()));
        }

        String fds = Files.readString(scripts.dir.resolve("fds.out"));
        assertTrue(fds.contains(" 0 -> /dev/null"), fds);
        assertFalse(fds.contains(marker.toString()), fds);
    }

    @Test
    void passes_output_lines_per_stream_in_order_after_the_start() throws Exception {
        ScriptFixture.Recording output = new ScriptFixture.Recording();
        Path script = scripts.script("config-changed",
                "echo $$; echo out1; echo err1 >&2; echo out2; echo err2 >&2; echo 'ünïcode'; printf tail");

        runner.run(scripts.spec(script), spawner, output);

        assertEquals(List.of(output.stdout().get(0), "out1", "out2", "ünïcode", "tail"), output.stdout());
        assertEquals(List.of("err1", "err2"), output.stderr());
        assertEquals("started:" + output.stdout().get(0) + " for 60000 ms", output.all.get(0), "told first, with its pid");
    }

    @Test
    void reports_exit_statuses_and_signals() throws Exception {
        ScriptFixture.Recording output = new ScriptFixture.Recording();

        assertEquals(new ProcessOutcome.Exited(3), run("exit 3", output));
        assertEquals(new ProcessOutcome.Signalled(9), run("kill -KILL $$", output));
        assertEquals(new ProcessOutcome.Signalled(15), run("kill -TERM $$", output));
        assertFalse(new ProcessOutcome.Exited(3).succeeded());
        assertTrue(new ProcessOutcome.Exited(0).succeeded());
    }

    @Test
    void an_output_refusing_the_start_has_the_process_killed() throws Exception {
        Path script = scripts.script("install", "exec sleep 1000");
        ScriptFixture.Recording refusing = new ScriptFixture.Recording() {
            @Override
            public void started(long pid, Duration timeout) {
                throw new IllegalStateException("no room for the record");
            }
        };

        ProcessOutcome outcome = CompletableFuture.supplyAsync(() -> {
            try {
                return runner.run(scripts.spec(script), spawner, refusing);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }).get(20, TimeUnit.SECONDS); // a process left running would be waited for a thousand seconds

        assertEquals(new ProcessOutcome.StartRefused("no room for the record"), outcome);
    }

    @Test
    void a_process_that_cannot_be_started_fails_to_start() throws Exception {
        ProcessSpawner failing = request -> {
            throw new IOException("Cannot run program: no such file");
        };

        assertEquals(new ProcessOutcome.StartFailed("Cannot run program: no such file"), runner.run(
                scripts.spec(scripts.script("install", "true")), failing, new ScriptFixture.Recording()));
    }

    @Test
    void exit_values_above_128_are_signals() {
        assertEquals(new ProcessOutcome.Exited(0), PipedProcessRunner.outcomeOf(0));
        assertEquals(new ProcessOutcome.Exited(128), PipedProcessRunner.outcomeOf(128));
        assertEquals(new ProcessOutcome.Signalled(1), PipedProcessRunner.outcomeOf(129));
        assertEquals(new ProcessOutcome.Exited(255), PipedProcessRunner.outcomeOf(255));
    }
}
