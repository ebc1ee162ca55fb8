package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import jujube.hooks.HookResult;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What only the posix_spawn way has to get right: its own waiting, reaping and "Text file busy". */
class PosixSpawnTest {
    private static final Path NULL = Path.of("/dev/null");

    @TempDir
    Path root;
    HookFixture charm;
    final PosixSpawn posix = PosixSpawn.load();

    @BeforeEach
    void setUp() throws IOException {
        charm = new HookFixture(root);
    }

    @Test
    void thisModulesTestsStartHooksWithPosixSpawn() {
        // The surefire configuration enables native access; without it every "posix_spawn" case would be
        // the JDK's, and this class would not load.
        assertTrue(HookSpawner.best(new ProcessGroups()) instanceof HookSpawner.Posix);
    }

    @Test
    void foldsWaitStatusesAsTheJdkDoes() {
        assertEquals(0, PosixProcess.fold(0));
        assertEquals(3, PosixProcess.fold(3 << 8));
        assertEquals(128 + 9, PosixProcess.fold(9));
        assertEquals(128 + 15, PosixProcess.fold(15 | 0x80)); // with the core-dump bit
    }

    @Test
    void aHookStillBeingWrittenIsTriedAgain() throws Exception {
        Path hook = charm.hook("install", "exit 0");
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
    void aHookThatCannotBeExecutedIsNamedWithTheReason() throws IOException {
        Path hook = charm.charmDir.resolve("hooks/install");
        Files.writeString(hook, "#!/nonexistent/interpreter\n");
        hook.toFile().setExecutable(true);
        ProcessHookInvoker invoker = HookSpawners.invoker(new HookSpawner.Posix(posix), Duration.ofSeconds(20),
                Duration.ofMillis(200));

        HookResult result = invoker.invoke(charm.invocation("install"), new HookFixture.Recording());

        assertEquals(new HookResult.Failed("could not start: cannot run " + hook + ": No such file or directory"),
                result);
    }

    @Test
    void aWaitIsInterruptibleAndTheProcessCanStillBeKilled() throws Exception {
        Path hook = charm.hook("start", "exec sleep 1000");
        PosixProcess process = start(hook);
        Thread.currentThread().interrupt();
        assertThrows(InterruptedException.class, () -> process.waitFor(10, TimeUnit.SECONDS));
        assertTrue(process.isAlive());

        process.destroyForcibly();

        assertTrue(process.waitFor(20, TimeUnit.SECONDS));
        assertEquals(128 + 9, process.exitValue());
        assertFalse(HookFixture.running(process.pid()));
        process.destroyForcibly(); // reaped: must not signal whoever has the pid now
    }

    @Test
    void theLongestWaitStillWaits() throws Exception {
        PosixProcess process = start(charm.hook("start", "sleep 0.3"));

        assertTrue(process.waitFor(Long.MAX_VALUE, TimeUnit.NANOSECONDS));
        assertEquals(0, process.exitValue());
    }

    @Test
    void exitValueBeforeTheEndIsRefused() throws Exception {
        PosixProcess process = start(charm.hook("start", "exec sleep 1000"));
        try {
            assertThrows(IllegalThreadStateException.class, process::exitValue);
            assertFalse(process.waitFor(50, TimeUnit.MILLISECONDS));
        } finally {
            process.destroyForcibly();
            process.waitFor();
        }
    }

    private PosixProcess start(Path hook) throws IOException, InterruptedException {
        int pid = posix.spawn(hook, List.of(hook.toString()), Map.of("PATH", "/usr/bin:/bin"), charm.charmDir, NULL,
                NULL, NULL);
        return new PosixProcess(posix, pid);
    }

    private int run(Path hook) {
        try {
            return start(hook).waitFor();
        } catch (IOException | InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
