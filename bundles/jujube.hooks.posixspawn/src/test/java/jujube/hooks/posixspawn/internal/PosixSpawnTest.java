package jujube.hooks.posixspawn.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import jujube.process.spawn.SpawnRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What only the posix_spawn way has to get right: its own waiting, reaping and "Text file busy". */
class PosixSpawnTest {
    private static final Path NULL = Path.of("/dev/null");

    @TempDir
    Path root;
    // The surefire configuration enables native access: without it this would throw, and no test of this
    // module would run the invoker's tests with posix_spawn.
    final PosixSpawn posix = PosixSpawn.load();
    final PosixHookSpawner spawner = new PosixHookSpawner(posix);

    @Test
    void folds_wait_statuses_as_the_jdk_does() {
        assertEquals(0, PosixProcess.fold(0));
        assertEquals(3, PosixProcess.fold(3 << 8));
        assertEquals(128 + 9, PosixProcess.fold(9));
        assertEquals(128 + 15, PosixProcess.fold(15 | 0x80)); // with the core-dump bit
    }

    @Test
    void a_hook_still_being_written_is_tried_again() throws Exception {
        Path hook = hook("install", "exit 0");
        CompletableFuture<Integer> exit;
        try (FileChannel writer = FileChannel.open(hook, StandardOpenOption.WRITE)) {
            // While a writer holds the file, exec fails with ETXTBSY: the spawn must wait it out.
            exit = CompletableFuture.supplyAsync(() -> run(hook));
            Thread.sleep(100);
            assertFalse(exit.isDone());
        }
        assertEquals(0, exit.get(20, TimeUnit.SECONDS));
    }

    @Test
    void a_hook_that_cannot_be_executed_is_named_with_the_reason() throws IOException {
        Path hook = root.resolve("install");
        Files.writeString(hook, "#!/nonexistent/interpreter\n");
        hook.toFile().setExecutable(true);

        IOException refused = assertThrows(IOException.class, () -> start(hook));

        assertEquals("cannot run " + hook + ": No such file or directory", refused.getMessage());
    }

    @Test
    void the_requests_session_leader_is_not_needed() throws Exception {
        Path hook = hook("start", "exit 0");
        SpawnRequest request = new SpawnRequest(List.of(hook.toString()), Map.of(), root, NULL, NULL,
                Optional.of(root.resolve("no-such-leader")));

        assertEquals(0, spawner.start(request).waitFor());
    }

    @Test
    void a_wait_is_interruptible_and_the_process_can_still_be_killed() throws Exception {
        PosixProcess process = start(hook("start", "exec sleep 1000"));
        Thread.currentThread().interrupt();
        assertThrows(InterruptedException.class, () -> process.waitFor(Duration.ofSeconds(10)));
        assertTrue(process.isAlive());

        process.killGroup();

        assertTrue(process.waitFor(Duration.ofSeconds(20)));
        assertEquals(128 + 9, process.exitValue());
        assertFalse(ProcessHandle.of(process.pid()).map(ProcessHandle::isAlive).orElse(false));
        process.killGroup(); // reaped: must not signal whoever has the pid now
    }

    @Test
    void the_longest_wait_still_waits() throws Exception {
        PosixProcess process = start(hook("start", "sleep 0.3"));

        assertTrue(process.waitFor(Duration.ofSeconds(Long.MAX_VALUE))); // waited a day at a time, no overflow
        assertEquals(0, process.exitValue());
    }

    @Test
    void exit_value_before_the_end_is_refused() throws Exception {
        PosixProcess process = start(hook("start", "exec sleep 1000"));
        try {
            assertThrows(IllegalThreadStateException.class, process::exitValue);
            assertFalse(process.waitFor(Duration.ofMillis(50)));
        } finally {
            process.killGroup();
            process.waitFor();
        }
    }

    private Path hook(String name, String body) throws IOException {
        Path hook = root.resolve(name);
        Files.writeString(hook, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwxr-xr-x"));
        return hook;
    }

    private PosixProcess start(Path hook) throws IOException, InterruptedException {
        return (PosixProcess) spawner.start(new SpawnRequest(List.of(hook.toString()),
                Map.of("PATH", "/usr/bin:/bin"), root, NULL, NULL, Optional.empty()));
    }

    private int run(Path hook) {
        try {
            return start(hook).waitFor();
        } catch (IOException | InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
