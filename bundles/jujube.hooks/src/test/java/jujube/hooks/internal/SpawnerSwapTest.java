package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import jujube.hooks.HookResult;
import jujube.process.internal.JdkProcessSpawner;
import jujube.process.internal.ProcessRunnersComponent;
import jujube.process.spawn.ProcessSpawner;
import jujube.process.spawn.SpawnRequest;
import jujube.process.spawn.SpawnedProcess;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The invoker's spawner reference, bound and unbound as Declarative Services does for a greedy, dynamic,
 * mandatory reference: the replacement is bound before the one it replaces is unbound. Two JDK spawners
 * stand for the two kinds: which one starts a hook is what counts here.
 */
class SpawnerSwapTest {
    /** Waits for hooks and their processes: every 10 ms. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10));

    @TempDir
    Path root;
    HookFixture charm;
    final Named jdk = new Named("jdk", new JdkProcessSpawner());
    final Named better = new Named("better", new JdkProcessSpawner());
    ProcessHookInvoker invoker;

    @BeforeEach
    void setUp() throws IOException {
        charm = new HookFixture(root);
        invoker = new ProcessHookInvoker(Duration.ofSeconds(20), Duration.ofMillis(200), new ProcessRunnersComponent(),
                jdk);
    }

    @AfterEach
    void tearDown() {
        invoker.deactivate();
    }

    @Test
    void a_better_spawner_is_used_and_its_stop_falls_back_to_the_one_left() throws Exception {
        charm.hook("install", "exit 0");

        invoker.bindSpawner(better); // registered with a higher ranking: the greedy reference takes it
        invoker.unbindSpawner(jdk);
        assertEquals(new HookResult.Succeeded(), invoke("install"));
        assertEquals(List.of(), jdk.started);
        assertEquals(1, better.started.size());

        invoker.bindSpawner(jdk); // the better one's bundle stops: the JDK's comes back first
        invoker.unbindSpawner(better);
        assertEquals(new HookResult.Succeeded(), invoke("install"));
        assertEquals(1, jdk.started.size());
        assertEquals(1, better.started.size());
    }

    @Test
    void a_hook_running_while_its_spawner_goes_keeps_it() throws Exception {
        charm.hook("start", "exec sleep 1000");
        invoker.deactivate();
        invoker = new ProcessHookInvoker(Duration.ofMillis(1500), Duration.ofMillis(200), new ProcessRunnersComponent(),
                better);
        CompletableFuture<HookResult> running = CompletableFuture.supplyAsync(() -> invoke("start"));
        POLLING.atMost(Duration.ofSeconds(20)).until(() -> !better.started.isEmpty());

        invoker.bindSpawner(jdk);
        invoker.unbindSpawner(better);

        // its timeout still kills it, through the spawner that started it
        assertEquals(HookResult.Failed.timedOut(Duration.ofMillis(1500)), running.get(20, TimeUnit.SECONDS));
        assertEquals(List.of(), jdk.started);
    }

    @Test
    void an_unbind_of_a_spawner_not_in_use_changes_nothing() throws Exception {
        charm.hook("install", "exit 0");

        invoker.unbindSpawner(better);

        assertEquals(new HookResult.Succeeded(), invoke("install"));
        assertEquals(1, jdk.started.size());
    }

    private HookResult invoke(String hook) {
        return invoker.invoke(charm.invocation(hook), new HookFixture.Recording());
    }

    /** A spawner that records what it started. */
    private static final class Named implements ProcessSpawner {
        final String name;
        final ProcessSpawner delegate;
        final List<Long> started = new CopyOnWriteArrayList<>();

        Named(String name, ProcessSpawner delegate) {
            this.name = name;
            this.delegate = delegate;
        }

        @Override
        public SpawnedProcess start(SpawnRequest request) throws IOException, InterruptedException {
            SpawnedProcess process = delegate.start(request);
            started.add(process.pid());
            return process;
        }

        @Override
        public String toString() {
            return name + " (" + delegate + ")";
        }
    }
}
