package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import jujube.hooks.HookExecutor;
import jujube.hooks.HookInvoker;
import jujube.hooks.HookResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real hooks through the executor: they run one after another, in submission order. */
class ExecutorWithInvokerTest {

    @TempDir
    Path root;

    @Test
    void hooks_run_one_at_a_time_in_order() throws Exception {
        HookFixture charm = new HookFixture(root);
        // Each hook notes its start and end; overlapping hooks would interleave the notes.
        for (String hook : List.of("install", "config-changed", "start")) {
            charm.hook(hook, "echo \"begin $0\" >> \"$CHARM_DIR/log\"; sleep 0.1; echo \"end $0\" >> \"$CHARM_DIR/log\"");
        }
        HookInvoker invoker = ProcessServices.invoker(Duration.ofSeconds(30), Duration.ofSeconds(1));
        List<CompletionStage<HookResult>> results = new ArrayList<>();
        try (HookExecutor executor = new HookExecutorsComponent().newExecutor("wordpress/0")) {
            for (String hook : List.of("install", "config-changed", "start")) {
                results.add(executor.submit(() -> invoker.invoke(charm.invocation(hook))));
            }
            executor.start();
            for (CompletionStage<HookResult> result : results) {
                assertEquals(new HookResult.Succeeded(), result.toCompletableFuture().get(20, TimeUnit.SECONDS));
            }
        }
        Path hooks = charm.charmDir.resolve("hooks");
        assertEquals(List.of("begin " + hooks.resolve("install"), "end " + hooks.resolve("install"),
                "begin " + hooks.resolve("config-changed"), "end " + hooks.resolve("config-changed"),
                "begin " + hooks.resolve("start"), "end " + hooks.resolve("start")),
                Files.readAllLines(charm.charmDir.resolve("log")));
    }
}
