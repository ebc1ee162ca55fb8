package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import jujube.hooks.spawn.HookSpawner;
import jujube.hooks.HookResult;
import jujube.hooks.tools.HookToolsInstaller;
import jujube.hooks.tools.InstalledTools;
import jujube.hooks.tools.JavaFallback;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** Timeouts, interrupts and children left behind: the hook never holds the agent hostage. */
@ParameterizedClass(name = "{0}")
@MethodSource("jujube.hooks.internal.HookSpawners#both")
class HookProcessControlTest {
    /** Waits for hooks and their processes: every 10 ms. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10));

    private static final Duration DEADLINE = Duration.ofSeconds(20);

    @TempDir
    Path root;
    HookFixture charm;
    final List<Long> leftovers = new ArrayList<>();
    final HookSpawner spawner;
    final ProcessHookInvoker invoker;

    HookProcessControlTest(HookSpawner spawner) {
        this.spawner = spawner;
        this.invoker = HookSpawners.invoker(spawner, Duration.ofSeconds(60), Duration.ofSeconds(1));
    }

    @BeforeEach
    void setUp() throws IOException {
        charm = new HookFixture(root);
    }

    @AfterEach
    void killLeftovers() {
        HookFixture.kill(leftovers);
    }

    /** With the native session leader installed beside the tools, or through {@code setsid} without it. */
    private void tools(boolean nativeLeader) throws IOException {
        if (nativeLeader) {
            InstalledTools tools = new HookToolsInstaller(JavaFallback.fromRuntime()).install(charm.toolsDir);
            assertTrue(Files.isExecutable(tools.sessionLeader().orElseThrow()));
        }
    }

    @ParameterizedTest(name = "native leader: {0}")
    @ValueSource(booleans = {true, false})
    void a_hook_leads_its_own_session_and_process_group(boolean nativeLeader) throws IOException {
        tools(nativeLeader);
        charm.hook("install", "read -r stat < /proc/$$/stat; echo \"$stat\"");
        HookFixture.Recording output = new HookFixture.Recording();

        assertEquals(new HookResult.Succeeded(), invoker.invoke(charm.invocation("install"), output));

        String stat = output.stdout.get(0);
        String pid = stat.substring(0, stat.indexOf(' '));
        // After "(comm) ": state, ppid, pgrp, session.
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        assertEquals(pid, fields[2], "process group");
        assertEquals(pid, fields[3], "session");
    }

    @ParameterizedTest(name = "native leader: {0}")
    @ValueSource(booleans = {true, false})
    void a_timeout_kills_the_whole_process_group(boolean nativeLeader) throws IOException {
        tools(nativeLeader);
        // One child of the hook and one orphaned grandchild (its subshell exits at once).
        charm.hook("install", """
                sleep 1000 &
                echo $! > "$CHARM_DIR/pids"
                ( sleep 1000 & echo $! >> "$CHARM_DIR/pids" )
                echo ready
                sleep 1000""");

        HookFixture.Recording output = new HookFixture.Recording();
        HookResult result = invoker.invoke(charm.invocation("install").withTimeout(Duration.ofSeconds(2)), output);

        assertEquals(new HookResult.Failed("timed out after 2 s"), result);
        assertEquals(List.of("ready"), output.stdout);
        List<Long> pids = HookFixture.pids(charm.charmDir.resolve("pids"));
        leftovers.addAll(pids);
        assertEquals(2, pids.size());
        POLLING.atMost(DEADLINE).untilAsserted(() -> assertTrue(() -> pids.stream().noneMatch(HookFixture::running),
                () -> "children still running: " + pids));
    }

    @Test
    void the_configured_default_timeout_applies() throws IOException {
        charm.hook("start", "sleep 1000");
        ProcessHookInvoker strict = HookSpawners.invoker(spawner, Duration.ofMillis(1500), Duration.ofMillis(200));

        assertEquals(new HookResult.Failed("timed out after 1500 ms"),
                strict.invoke(charm.invocation("start"), new HookFixture.Recording()));
    }

    @Test
    void a_child_holding_the_output_open_does_not_hang_the_agent() throws Exception {
        // The background sleep inherits stdout and stderr and outlives the hook.
        charm.hook("start", """
                sleep 1000 &
                echo $! > "$CHARM_DIR/pids"
                echo started
                echo warned >&2""");
        HookFixture.Recording output = new HookFixture.Recording();

        HookResult result = CompletableFuture.supplyAsync(() -> invoker.invoke(charm.invocation("start"), output))
                .get(DEADLINE.toSeconds(), TimeUnit.SECONDS);

        leftovers.addAll(HookFixture.pids(charm.charmDir.resolve("pids")));
        assertEquals(new HookResult.Succeeded(), result);
        assertEquals(List.of("started"), output.stdout);
        assertEquals(List.of("warned"), output.stderr);
        // The child is not the hook: it is left running, and no reader thread waits on it.
        assertTrue(HookFixture.running(leftovers.get(0)));
        assertFalse(Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().startsWith("jujube-wordpress-0-hook-std")));
    }

    @Test
    void an_interrupt_kills_the_hook_and_keeps_the_flag() throws Exception {
        charm.hook("install", """
                sleep 1000 &
                echo $! > "$CHARM_DIR/pids"
                echo ready
                wait""");
        CountDownLatch ready = new CountDownLatch(1);
        HookFixture.Recording output = new HookFixture.Recording() {
            @Override
            public void stdout(String line) {
                super.stdout(line);
                ready.countDown();
            }
        };
        AtomicReference<HookResult> result = new AtomicReference<>();
        AtomicBoolean flagKept = new AtomicBoolean();
        Thread caller = new Thread(() -> {
            result.set(invoker.invoke(charm.invocation("install"), output));
            flagKept.set(Thread.currentThread().isInterrupted());
        });
        caller.start();
        assertTrue(ready.await(DEADLINE.toSeconds(), TimeUnit.SECONDS));

        caller.interrupt();
        caller.join(DEADLINE.toMillis());

        assertFalse(caller.isAlive());
        assertEquals(new HookResult.Failed("interrupted"), result.get());
        assertTrue(flagKept.get());
        List<Long> pids = HookFixture.pids(charm.charmDir.resolve("pids"));
        leftovers.addAll(pids);
        POLLING.atMost(DEADLINE).until(() -> pids.stream().noneMatch(HookFixture::running));
    }
}
