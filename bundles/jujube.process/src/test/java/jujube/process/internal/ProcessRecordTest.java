package jujube.process.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import jujube.files.CorruptFileException;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process that leads its own session outlives an agent killed with kill -9. Its record (pid and start
 * time) lets the agent's successor wait for such an orphan to end, killing its group past its timeout,
 * before it starts anything: never two of one owner's processes at once.
 */
class ProcessRecordTest {
    /** Waits for the processes and the waiting thread: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10)).atMost(Duration.ofSeconds(20));

    @TempDir
    Path dir;
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

    private FileProcessRecord record() {
        return new FileProcessRecord("unit wordpress/0", dir.resolve("state").resolve("hook-process.json"),
                new ObjectMapper(), new ProcessGroups(), Clock.systemUTC());
    }

    /** Whether a process is recorded: the file is there and not blank. */
    private boolean recorded() throws IOException {
        return Files.exists(record().file()) && !FileProcessRecord.isBlank(Files.readAllBytes(record().file()));
    }

    @Test
    void the_record_is_overwritten_in_place_owner_only_and_a_short_record_after_a_long_one_reads_whole()
            throws Exception {
        orphan = new ProcessBuilder("sleep", "60").start();
        FileProcessRecord record = record();
        record.started("x".repeat(200) + "-relation-changed", orphan.pid(), Duration.ofMinutes(5));
        Path link = dir.resolve("record-link"); // a second name: it sees the file's writes while it is the same
        Files.createLink(link, record.file());
        record.ended();
        assertFalse(recorded());
        record.started("install", orphan.pid(), Duration.ofMinutes(5));

        assertEquals(2, Files.getAttribute(record.file(), "unix:nlink"), "the same file, not a new one per process");
        assertEquals(Files.readString(link), Files.readString(record.file()));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(record.file())));
        JsonNode recorded = new ObjectMapper().readTree(record.file().toFile());
        assertEquals("install", recorded.get("hook").asText());
        assertEquals(orphan.pid(), recorded.get("pid").asLong());
        assertEquals(FileProcessRecord.startTicks(orphan.pid()).getAsLong(), recorded.get("start_ticks").asLong());
        assertEquals(300_000, recorded.get("timeout_ms").asLong());
        record.ended();
        assertFalse(recorded());
    }

    @Test
    void a_process_that_is_not_this_jvms_child_is_not_recorded() {
        record().started("install", ProcessHandle.current().pid(), Duration.ofMinutes(5));

        assertFalse(Files.exists(record().file()), "its pid names another process by now: nothing to wait for");
    }

    @Test
    void nothing_recorded_means_no_wait_to_tell_of() throws Exception {
        java.util.List<jujube.process.RecordedProcess> told = new java.util.ArrayList<>();
        record().awaitOrphan(told::add);
        assertEquals(java.util.List.of(), told);
    }

    @Test
    void a_successor_waits_for_the_process_an_earlier_agent_left_running() throws Exception {
        orphan = new ProcessBuilder("setsid", "sleep", "60").start();
        record().started("install", orphan.pid(), Duration.ofMinutes(5));

        CompletableFuture<Void> awaited = new CompletableFuture<>();
        java.util.List<jujube.process.RecordedProcess> told = new java.util.concurrent.CopyOnWriteArrayList<>();
        Thread successor = new Thread(() -> {
            try {
                record().awaitOrphan(told::add);
                awaited.complete(null);
            } catch (Exception e) {
                awaited.completeExceptionally(e);
            }
        }, "test-successor");
        successor.start();
        POLLING.until(() -> successor.getState() == Thread.State.WAITING
                || successor.getState() == Thread.State.TIMED_WAITING);
        assertFalse(awaited.isDone(), "waiting while the orphan runs");
        assertEquals(java.util.List.of(new jujube.process.RecordedProcess("install", orphan.pid())), told,
                "the owner learns what it waits for before it waits");

        orphan.destroy();
        awaited.get(20, TimeUnit.SECONDS);
        assertFalse(orphan.isAlive());
        assertFalse(Files.exists(record().file()), "the record goes with its process");
    }

    @Test
    void an_orphan_past_its_timeout_has_its_process_group_killed() throws Exception {
        // sh leads its session; its child sleep is in the group and must die with it
        orphan = new ProcessBuilder("setsid", "sh", "-c", "sleep 60 & echo $! > '" + dir.resolve("child")
                + "'; wait").start();
        POLLING.until(() -> Files.exists(dir.resolve("child")) && !read(dir.resolve("child")).isEmpty());
        long child = Long.parseLong(read(dir.resolve("child")));
        orphanChild = child;
        record().started("install", orphan.pid(), Duration.ofMillis(1));

        record().awaitOrphan();

        assertTrue(orphan.waitFor(10, TimeUnit.SECONDS), "the orphan was killed");
        POLLING.until(() -> ProcessHandle.of(child).map(p -> !p.isAlive()).orElse(true)
                && FileProcessRecord.startTicks(child).isEmpty());
        assertFalse(Files.exists(record().file()));
    }

    @Test
    void a_record_whose_pid_now_names_another_process_is_dropped_at_once() throws Exception {
        long self = ProcessHandle.current().pid(); // alive, but not started when the record says
        Files.createDirectories(record().file().getParent());
        Files.writeString(record().file(), "{\"version\":1,\"pid\":" + self + ",\"start_ticks\":"
                + (FileProcessRecord.startTicks(self).getAsLong() + 1) + ",\"hook\":\"install\","
                + "\"started_at\":\"2026-01-01T00:00:00Z\",\"timeout_ms\":0}");

        record().awaitOrphan();

        assertFalse(Files.exists(record().file()));
    }

    @Test
    void an_invalid_record_is_corrupt_names_its_problem_and_stays_for_the_operator() throws Exception {
        Files.createDirectories(record().file().getParent());
        Files.write(record().file(), new byte[FileProcessRecord.MAX_BYTES + 1]);
        assertEquals((FileProcessRecord.MAX_BYTES + 1) + " bytes, over the limit of " + FileProcessRecord.MAX_BYTES
                + " bytes", assertThrows(CorruptFileException.class, () -> record().awaitOrphan()).problem());
        Files.writeString(record().file(), "{\"version\":1,\"pid\":-4,\"start_ticks\":1,\"hook\":\"install\","
                + "\"started_at\":\"2026-01-01T00:00:00Z\",\"timeout_ms\":0}");
        CorruptFileException e = assertThrows(CorruptFileException.class, () -> record().awaitOrphan());
        assertEquals("field 'pid' is not a whole number of at least 1", e.problem());
        assertEquals(record().file(), e.file());
        assertTrue(Files.exists(record().file()), "kept for the operator");
        Files.writeString(record().file(), "{\"version\":1}");
        assertEquals("field 'pid' is not a whole number of at least 1",
                assertThrows(CorruptFileException.class, () -> record().awaitOrphan()).problem());
    }

    @Test
    void an_invalid_record_from_before_the_machine_booted_is_dropped() throws Exception {
        Files.createDirectories(record().file().getParent());
        Files.writeString(record().file(), "{\"version\":1,\"pid\":"); // a power loss cut it
        Files.setLastModifiedTime(record().file(), FileTime.from(Instant.parse("2000-01-01T00:00:00Z")));

        record().awaitOrphan();

        assertFalse(Files.exists(record().file()));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file).strip();
        } catch (IOException e) {
            return "";
        }
    }
}
