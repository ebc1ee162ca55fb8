package jujube.files;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import jujube.testkit.Polling;
import jujube.testkit.TestJvm;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
    /** Polls the writer's progress every 5 ms, with no deadline: the writer's death also ends the wait. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(5)).forever();

    @TempDir
    Path root;

    @Test
    void write_replaces_the_file_whole_creating_its_directory_and_leaves_no_temp_file() throws IOException {
        Path target = root.resolve("state/relations/0.json");
        AtomicFiles.write(target, "first".getBytes(StandardCharsets.UTF_8));
        AtomicFiles.write(target, "second, longer".getBytes(StandardCharsets.UTF_8));

        assertEquals("second, longer", Files.readString(target));
        assertEquals(List.of(target), files(root));
    }

    @Test
    void a_failing_writer_leaves_the_old_content_and_no_temp_file() throws IOException {
        Path target = root.resolve("unit.json");
        AtomicFiles.write(target, "old".getBytes(StandardCharsets.UTF_8));

        IOException e = assertThrows(IOException.class, () -> AtomicFiles.write(target, out -> {
            out.write("half of the ne".getBytes(StandardCharsets.UTF_8));
            throw new IOException("disk full");
        }));

        assertEquals("disk full", e.getMessage());
        assertEquals("old", Files.readString(target));
        assertEquals(List.of(target), files(root));
    }

    @Test
    void every_file_made_is_its_owners_only() throws IOException {
        Path written = root.resolve("state/unit.json");
        AtomicFiles.write(written, "{}".getBytes(StandardCharsets.UTF_8));
        Path appended = root.resolve("state/unit.history");
        AtomicFiles.appendLine(appended, "{}");
        Path log = root.resolve("logs/machine-1.log");
        AtomicFiles.createOwnerOnly(log);
        Files.writeString(log, "kept\n");
        AtomicFiles.createOwnerOnly(log);

        for (Path file : List.of(written, appended, log)) {
            assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(file)),
                    file.toString());
        }
        assertEquals("kept\n", Files.readString(log), "an existing log is kept");
    }

    @Test
    void append_line_adds_lines_to_the_end() throws IOException {
        Path history = root.resolve("logs/unit.history");
        AtomicFiles.appendLine(history, "{\"a\":1}");
        AtomicFiles.appendLine(history, "{\"b\":2}");

        assertEquals(List.of("{\"a\":1}", "{\"b\":2}"), Files.readAllLines(history));
    }

    @Test
    void the_sweep_removes_old_temp_files_at_any_depth_and_keeps_fresh_ones_and_everything_else() throws IOException {
        Instant now = Instant.now();
        Path oldTemp = aged(root.resolve("state/.unit.json.123.tmp"), now.minus(Duration.ofMinutes(5)));
        Path deepOldTemp = aged(root.resolve("state/relations/.0.json.456.tmp"), now.minus(Duration.ofHours(3)));
        Path freshTemp = aged(root.resolve("state/.unit.json.789.tmp"), now.minusSeconds(10));
        Path oldState = aged(root.resolve("state/unit.json"), now.minus(Duration.ofDays(2)));
        Path oldVisibleTmp = aged(root.resolve("state/notes.tmp"), now.minus(Duration.ofDays(2)));

        assertEquals(2, AtomicFiles.sweepStaleTemps(root.resolve("state"), now));

        assertFalse(Files.exists(oldTemp));
        assertFalse(Files.exists(deepOldTemp));
        assertTrue(Files.exists(freshTemp), "younger than a minute: perhaps a write in flight");
        assertTrue(Files.exists(oldState));
        assertTrue(Files.exists(oldVisibleTmp), "not a name our writes use");
        assertEquals(0, AtomicFiles.sweepStaleTemps(root.resolve("nowhere"), now));
    }

    @Test
    void a_writer_killed_at_any_instant_leaves_one_whole_version() throws Exception {
        Path target = root.resolve("queue.json");
        for (int round = 0; round < 4; round++) {
            Process writer = TestJvm.builder(WriterLoop.class, List.of(), target.toString())
                    .redirectErrorStream(true).redirectOutput(root.resolve("writer.log").toFile()).start();
            POLLING.await("the writer's first file").until(() -> Files.exists(target) || !writer.isAlive());
            Thread.sleep(50 + 70L * round); // well into the loop, at a different point each round
            writer.destroyForcibly(); // SIGKILL
            writer.waitFor();

            byte[] content = Files.readAllBytes(target);
            assertEquals(WriterLoop.SIZE, content.length, "round " + round + ": a torn file");
            byte[] whole = new byte[WriterLoop.SIZE];
            Arrays.fill(whole, content[0]);
            assertArrayEquals(whole, content, "round " + round + ": two versions mixed");
        }
    }

    @Test
    void a_sweep_of_limited_depth_leaves_the_temp_files_of_deeper_directories_alone() throws IOException {
        Instant now = Instant.now();
        Path own = aged(root.resolve(".environment.yaml.1.tmp"), now.minus(Duration.ofHours(1)));
        Path deeper = aged(root.resolve("machines/machine-0/.unit.json.2.tmp"), now.minus(Duration.ofHours(1)));

        assertEquals(1, AtomicFiles.sweepStaleTemps(root, 1, now));

        assertFalse(Files.exists(own));
        assertTrue(Files.exists(deeper), "below the depth asked for");
        assertThrows(IllegalArgumentException.class, () -> AtomicFiles.sweepStaleTemps(root, 0, now));
    }

    private static Path aged(Path file, Instant modified) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, "x");
        Files.setLastModifiedTime(file, FileTime.from(modified));
        return file;
    }

    private static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(Files::isRegularFile).sorted().toList();
        }
    }
}
