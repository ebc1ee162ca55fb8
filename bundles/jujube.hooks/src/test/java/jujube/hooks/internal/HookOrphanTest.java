package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
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
 * process (pid and start time) while it runs, and a runner started later for the unit waits for such an
 * orphan to end, killing its group past its timeout, before it runs anything: never two hooks at once.
 */
class HookOrphanTest extends ContextRunnerFixture {
    /** Waits for what hooks and the unit's threads do: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10)).atMost(Duration.ofSeconds(20));

    private Process orphan;
    private long orphanChild;

    @AfterEach
    void reapOrphan() {
        if (orphan != null) {
            orphan.destroyForcibly();
        }
        if (orphanChild > 0) {
            ProcessHandle.of(orphanChild).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    /** Whether a hook is recorded: the file is there and not blank. */
    private boolean recorded() throws java.io.IOException {
        return Files.exists(record().file()) && !HookProcessRecord.isBlank(Files.readAllBytes(record().file()));
    }

    @Test
    void the_record_is_overwritten_in_place_owner_only_and_a_short_record_after_a_long_one_reads_whole()
            throws Exception {
        orphan = new ProcessBuilder("sleep", "60").start();
        HookProcessRecord record = record();
        record.started("x".repeat(200) + "-relation-changed", orphan.pid(), Duration.ofMinutes(5));
        Path link = env.outDir.resolve("record-link"); // a second name: it sees the file's writes while it is the same
        Files.createLink(link, record.file());
        record.ended();
        assertFalse(recorded());
        record.started("install", orphan.pid(), Duration.ofMinutes(5));

        assertEquals(2, Files.getAttribute(record.file(), "unix:nlink"), "the same file, not a new one per hook");
        assertEquals(Files.readString(link), Files.readString(record.file()));
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(record.file())));
        JsonNode recorded = new ObjectMapper().readTree(record.file().toFile());
        assertEquals("install", recorded.get("hook").asText());
        assertEquals(orphan.pid(), recorded.get("pid").asLong());
        record.ended();
        assertFalse(recorded());
    }

    private HookProcessRecord record() {
        return new HookProcessRecord("wordpress/0", env.unitDir, new ObjectMapper(), new ProcessGroups(),
                Clock.systemUTC());
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

        JsonNode recorded = new ObjectMapper().readTree(record().file().toFile());
        assertEquals(pid, recorded.get("pid").asLong());
        assertEquals(HookProcessRecord.startTicks(pid).getAsLong(), recorded.get("start_ticks").asLong());
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
    void a_new_runner_waits_for_the_hook_an_earlier_agent_left_running() throws Exception {
        runner.close(); // the earlier agent, killed while its hook ran on
        orphan = new ProcessBuilder("setsid", "sleep", "60").start();
        record().started("install", orphan.pid(), Duration.ofMinutes(5));

        CompletableFuture<ContextUnitHookRunner> next = new CompletableFuture<>();
        Thread starter = new Thread(() -> {
            try {
                next.complete(ContextUnitHookRunner.start(env.setup(new ProcessHookInvoker(Duration.ofSeconds(20),
                        Duration.ofMillis(200))), log, SocketPaths.standard()));
            } catch (Exception e) {
                next.completeExceptionally(e);
            }
        }, "test-starter");
        starter.start();
        POLLING.until(() -> starter.getState() == Thread.State.WAITING
                || starter.getState() == Thread.State.TIMED_WAITING);
        assertFalse(next.isDone(), "no runner while the orphan hook runs");
        assertTrue(recorded());

        orphan.destroy();
        runner = next.get(20, TimeUnit.SECONDS);
        assertFalse(orphan.isAlive());
        assertFalse(Files.exists(record().file()), "the record goes with its hook");
        env.hook("install", "touch \"$OUT/ran\"");
        assertTrue(runner.run("install", Optional.empty(), new HookFixture.Recording()).isSuccess());
    }

    @Test
    void an_orphan_past_its_timeout_has_its_process_group_killed() throws Exception {
        runner.close();
        // sh leads its session; its child sleep is in the group and must die with it
        orphan = new ProcessBuilder("setsid", "sh", "-c", "sleep 60 & echo $! > '" + env.outDir.resolve("child")
                + "'; wait").start();
        POLLING.until(() -> Files.exists(env.outDir.resolve("child")) && !read(env.outDir.resolve("child")).isEmpty());
        long child = Long.parseLong(read(env.outDir.resolve("child")));
        orphanChild = child;
        record().started("install", orphan.pid(), Duration.ofMillis(1));

        runner = ContextUnitHookRunner.start(env.setup(new ProcessHookInvoker(Duration.ofSeconds(20),
                Duration.ofMillis(200))), log, SocketPaths.standard());

        assertTrue(orphan.waitFor(10, TimeUnit.SECONDS), "the orphan was killed");
        POLLING.until(() -> ProcessHandle.of(child).map(p -> !p.isAlive()).orElse(true)
                && HookProcessRecord.startTicks(child).isEmpty());
        assertFalse(Files.exists(record().file()));
    }

    @Test
    void a_record_whose_pid_now_names_another_process_is_dropped_at_once() throws Exception {
        runner.close();
        long self = ProcessHandle.current().pid(); // alive, but not started when the record says
        Files.createDirectories(record().file().getParent());
        Files.writeString(record().file(), "{\"version\":1,\"pid\":" + self + ",\"start_ticks\":"
                + (HookProcessRecord.startTicks(self).getAsLong() + 1) + ",\"hook\":\"install\","
                + "\"started_at\":\"2026-01-01T00:00:00Z\",\"timeout_ms\":0}");

        runner = ContextUnitHookRunner.start(env.setup(new ProcessHookInvoker(Duration.ofSeconds(20),
                Duration.ofMillis(200))), log, SocketPaths.standard());

        assertFalse(Files.exists(record().file()));
    }

    @Test
    void an_invalid_record_stops_the_runner_from_starting_and_names_the_file() throws Exception {
        runner.close();
        Files.createDirectories(record().file().getParent());
        for (String garbage : new String[] {"garbage", "{\"version\":1,\"pid\":-4,\"start_ticks\":1,\"hook\":\"install\","
                + "\"started_at\":\"2026-01-01T00:00:00Z\",\"timeout_ms\":0}", "{\"version\":1}"}) {
            Files.writeString(record().file(), garbage);
            CorruptFileException e = assertThrows(CorruptFileException.class, () -> ContextUnitHookRunner.start(
                    env.setup(new ProcessHookInvoker(Duration.ofSeconds(20), Duration.ofMillis(200))), log,
                    SocketPaths.standard()));
            assertEquals(record().file(), e.file());
            assertTrue(Files.exists(record().file()), "kept for the operator");
        }
        Files.write(record().file(), new byte[HookProcessRecord.MAX_BYTES + 1]);
        assertEquals((HookProcessRecord.MAX_BYTES + 1) + " bytes, over the limit of " + HookProcessRecord.MAX_BYTES
                + " bytes", assertThrows(CorruptFileException.class, () -> record().awaitOrphan()).problem());
        Files.writeString(record().file(), "{\"version\":1,\"pid\":-4,\"start_ticks\":1,\"hook\":\"install\","
                + "\"started_at\":\"2026-01-01T00:00:00Z\",\"timeout_ms\":0}");
        assertEquals("field 'pid' is not a whole number of at least 1",
                assertThrows(CorruptFileException.class, () -> record().awaitOrphan()).problem());
    }

    @Test
    void an_invalid_record_from_before_the_machine_booted_is_dropped() throws Exception {
        runner.close();
        Files.createDirectories(record().file().getParent());
        Files.writeString(record().file(), "{\"version\":1,\"pid\":"); // a power loss cut it
        Files.setLastModifiedTime(record().file(), FileTime.from(Instant.parse("2000-01-01T00:00:00Z")));

        runner = ContextUnitHookRunner.start(env.setup(new ProcessHookInvoker(Duration.ofSeconds(20),
                Duration.ofMillis(200))), log, SocketPaths.standard());

        assertFalse(Files.exists(record().file()));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file).strip();
        } catch (java.io.IOException e) {
            return "";
        }
    }
}
