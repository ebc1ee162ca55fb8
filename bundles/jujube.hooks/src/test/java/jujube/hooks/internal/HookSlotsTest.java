package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import jujube.hooks.HookResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The invoker's limit on hooks starting at once, with real hook processes of two units. */
class HookSlotsTest {
    @TempDir
    Path root;
    final ExecutorService two = Executors.newFixedThreadPool(2);

    @AfterEach
    void tearDown() {
        two.shutdownNow();
    }

    @Test
    void aLimitOfOneRunsTheHooksOfTwoUnitsOneAfterTheOther() throws Exception {
        Path lock = root.resolve("one-at-a-time");
        // a hook finding the other one running fails; the sleep makes an overlap certain without the limit
        String body = "mkdir '" + lock + "' 2>/dev/null || exit 3\nsleep 0.5\nrmdir '" + lock + "'";

        List<HookResult> results = runTwoUnits(HookSlots.of(1, Duration.ZERO), body, body);

        assertEquals(List.of(new HookResult.Succeeded(), new HookResult.Succeeded()), results);
    }

    @Test
    void aHookRunningPastTheHoldTimeLetsTheNextOneStart() throws Exception {
        // unit a's hook waits (up to 10 s) for unit b's: with its slot held to the end, b could not start
        List<HookResult> results = waitingForTheOtherUnit(Duration.ofMillis(300), 100);

        assertEquals(List.of(new HookResult.Succeeded(), new HookResult.Succeeded()), results);
    }

    @Test
    void withTheSlotHeldToTheEndTheSameHooksWaitForEachOther() throws Exception {
        List<HookResult> results = waitingForTheOtherUnit(Duration.ZERO, 10);

        assertEquals(List.of(HookResult.Failed.exitCode(4), new HookResult.Succeeded()), results);
    }

    @Test
    void zeroIsOneSlotPerCoreAndMinusOneIsNoLimit() {
        assertEquals(Runtime.getRuntime().availableProcessors(), HookSlots.configured(0, Duration.ofSeconds(1)).count());
        assertEquals(0, HookSlots.configured(-1, Duration.ofSeconds(1)).count());
        assertEquals(3, HookSlots.configured(3, Duration.ofSeconds(1)).count());
    }

    @Test
    void anInvalidLimitOrHoldIsRefusedWithItsName() {
        IllegalArgumentException limit = assertThrows(IllegalArgumentException.class,
                () -> HookSlots.configured(-2, Duration.ofSeconds(1)));
        assertEquals("jujube.hooks.invoker: maxConcurrentHooks must be -1 (no limit), 0 (one per core) or more, "
                + "got -2", limit.getMessage());
        IllegalArgumentException hold = assertThrows(IllegalArgumentException.class,
                () -> HookSlots.configured(0, Duration.ofMillis(-5)));
        assertEquals("jujube.hooks.invoker: slotHoldMillis must not be negative, got -5", hold.getMessage());
    }

    /**
     * One slot; unit a's hook polls {@code tenths} times, 0.1 s apart, for a file unit b's hook creates,
     * and fails with exit code 4 if it never comes; b's hook is asked for once a's is running.
     */
    private List<HookResult> waitingForTheOtherUnit(Duration hold, int tenths) throws Exception {
        Path started = root.resolve("a-started");
        Path ran = root.resolve("b-ran");
        String waits = "touch '" + started + "'\n"
                + "for i in $(seq " + tenths + "); do [ -e '" + ran + "' ] && exit 0; sleep 0.1; done\nexit 4";
        return runTwoUnits(HookSlots.of(1, hold), waits, "touch '" + ran + "'", started);
    }

    private List<HookResult> runTwoUnits(HookSlots slots, String firstBody, String secondBody) throws Exception {
        return runTwoUnits(slots, firstBody, secondBody, null);
    }

    /** Runs unit a's install hook, then (once {@code firstStarted} exists, if given) unit b's, at once. */
    private List<HookResult> runTwoUnits(HookSlots slots, String firstBody, String secondBody, Path firstStarted)
            throws Exception {
        ProcessHookInvoker invoker = new ProcessHookInvoker(Duration.ofSeconds(60), Duration.ofMillis(200), slots);
        try {
            HookFixture a = new HookFixture(root.resolve("a"));
            HookFixture b = new HookFixture(root.resolve("b"));
            a.hook("install", firstBody);
            b.hook("install", secondBody);
            CountDownLatch go = new CountDownLatch(1);
            List<Future<HookResult>> results = new ArrayList<>();
            results.add(two.submit(() -> {
                go.await();
                return invoker.invoke(a.invocation("install"), new HookFixture.Recording());
            }));
            results.add(two.submit(() -> {
                go.await();
                while (firstStarted != null && !Files.exists(firstStarted)) {
                    Thread.sleep(10);
                }
                return invoker.invoke(b.invocation("install"), new HookFixture.Recording());
            }));
            go.countDown();
            List<HookResult> done = new ArrayList<>();
            for (Future<HookResult> result : results) {
                done.add(result.get(30, TimeUnit.SECONDS));
            }
            return done;
        } finally {
            invoker.deactivate();
        }
    }
}
