package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import jujube.files.CorruptFileException;
import jujube.hooks.HookResult;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A hook leads its own session, so it outlives an agent killed with kill -9. The runner records the hook's
 * process in {@code state/hook-process.json} while it runs, and a runner started later for the unit waits
 * for such an orphan to end before it runs anything: never two hooks at once. How a record is kept and
 * read is {@code jujube.process}'s ({@code ProcessRecordTest}).
 */
class HookOrphanTest extends ContextRunnerFixture {
    /** Waits for what hooks and the unit's threads do: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10)).atMost(Duration.ofSeconds(20));

    private Process orphan;

    @AfterEach
    void reapOrphan() {
        if (orphan != null) {
            orphan.destroyForcibly();
        }
    }

    private Path record() {
        return ContextUnitHookRunner.processRecord(env.unitDir);
    }

    /** Whether a hook is recorded: the file is there and holds more than the blanks of a hook that ended. */
    private boolean recorded() throws IOException {
        return Files.exists(record()) && !Files.readString(record()).isBlank();
    }

    private ContextUnitHookRunner startRunner() throws IOException {
        return ContextUnitHookRunner.start(env.setup(ProcessServices.invoker(Duration.ofSeconds(20),
                Duration.ofMillis(200))), ProcessServices.records(), log, SocketPaths.standard());
    }

    @Test
    void a_running_hook_is_recorded_with_its_process_and_the_record_goes_when_it_ends() throws Exception {
        Path gate = env.fifo("gate");
        env.hook("install", "echo $$ > \"$OUT/pid.tmp\"; mv \"$OUT/pid.tmp\" \"$OUT/pid\"; read line < \"$OUT/gate\"");
        CompletableFuture<HookResult> run = CompletableFuture.supplyAsync(
                () -> runner.run("install", Optional.empty(), new HookFixture.Recording()));
        POLLING.until(() -> Files.exists(env.outDir.resolve("pid")));
        long pid = Long.parseLong(env.out("pid").strip());
        POLLING.until(this::recorded); // written just after the spawn returned

        JsonNode recorded = new ObjectMapper().readTree(record().toFile());
        assertEquals(pid, recorded.get("pid").asLong());
        assertEquals("install", recorded.get("hook").asText());
        assertEquals(20_000, recorded.get("timeout_ms").asLong());

        Files.writeString(gate, "go\n");
        assertTrue(run.get(20, TimeUnit.SECONDS).isSuccess());
        assertFalse(recorded(), "no record once the hook ended");
    }

    @Test
    void hooks_that_end_before_their_process_is_recorded_succeed_and_leave_no_record() throws Exception {
        env.hook("install", "exit 0");
        for (int i = 0; i < 30; i++) {
            assertTrue(runner.run("install", Optional.empty(), new HookFixture.Recording()).isSuccess(), "run " + i);
            assertFalse(recorded());
        }
    }

    @Test
    void a_new_runner_first_ends_the_hook_an_earlier_agent_left_running_past_its_timeout() throws Exception {
        runner.close(); // the earlier agent, killed while its hook ran on
        orphan = new ProcessBuilder("setsid", "sleep", "60").start();
        ProcessServices.records().open("unit wordpress/0", record()).started("install", orphan.pid(),
                Duration.ofMillis(1));
        assertTrue(recorded());

        runner = startRunner();

        assertTrue(orphan.waitFor(10, TimeUnit.SECONDS), "the orphan was killed before the runner started");
        assertFalse(Files.exists(record()), "the record goes with its hook");
        env.hook("install", "touch \"$OUT/ran\"");
        assertTrue(runner.run("install", Optional.empty(), new HookFixture.Recording()).isSuccess());
    }

    @Test
    void an_invalid_record_stops_the_runner_from_starting_and_names_the_file() throws Exception {
        runner.close();
        Files.createDirectories(record().getParent());
        Files.writeString(record(), "garbage");

        CorruptFileException e = assertThrows(CorruptFileException.class, this::startRunner);

        assertEquals(record(), e.file());
        assertTrue(Files.exists(record()), "kept for the operator");
    }
}
