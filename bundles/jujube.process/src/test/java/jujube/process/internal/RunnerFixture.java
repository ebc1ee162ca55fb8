package jujube.process.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import jujube.process.ProcessOutcome;
import jujube.process.RunnerSettings;
import jujube.process.spawn.ProcessSpawner;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the tests run once with each spawner share: the spawner, a runner without process limit, a directory
 * of scripts, and the processes a test saw its scripts leave behind, killed after it. JUnit runs a
 * subclass's {@code @AfterEach} first, so what a subclass starts ends before the runner closes.
 */
abstract class RunnerFixture {
    /** Waits for scripts and their processes: every 10 ms. */
    static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10));
    /** How long a script and its processes may take to do what a test waits for. */
    static final Duration DEADLINE = Duration.ofSeconds(20);

    @TempDir
    Path root;
    ScriptFixture scripts;
    final List<Long> leftovers = new ArrayList<>();
    final ProcessSpawner spawner;
    final PipedProcessRunner runner;

    RunnerFixture(ProcessSpawner spawner, RunnerSettings settings) {
        this.spawner = spawner;
        this.runner = new PipedProcessRunner(settings, ProcessLimits.none());
    }

    @BeforeEach
    void makeScripts() throws IOException {
        scripts = new ScriptFixture(root);
    }

    @AfterEach
    void closeRunner() {
        ScriptFixture.kill(leftovers);
        runner.close();
    }

    /** Runs a script of this body, with a minute's timeout. */
    ProcessOutcome run(String body, ScriptFixture.Recording output) throws IOException, InterruptedException {
        return runner.run(scripts.spec(scripts.script("install", body)), spawner, output);
    }
}
