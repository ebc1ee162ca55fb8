package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import jujube.hooks.HookResult;
import jujube.hooks.UnitHookSetup;
import jujube.hooks.tools.JavaFallback;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hooks run as root, so on one machine a hook can reach every unit's socket: what keeps a unit's hook
 * from acting as another unit is its client id, which names a context of its own unit's runner only, and
 * only while its hook runs. The sockets themselves are owner-only.
 */
class HookSocketIsolationTest extends ContextRunnerFixture {
    /** Waits for what hooks and the unit's threads do: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10)).atMost(Duration.ofSeconds(20));

    @TempDir
    Path other;

    @Test
    void a_live_client_id_works_on_its_own_units_socket_only() throws Exception {
        Path mysqlDir = Files.createDirectories(other.resolve("units/mysql-0"));
        Path mysqlCharm = Files.createDirectories(mysqlDir.resolve("charm/hooks")).getParent();
        try (ContextUnitHookRunner mysql = ContextUnitHookRunner.start(new UnitHookSetup(env.state.unit(UnitFixture.MYSQL),
                ProcessServices.invoker(Duration.ofSeconds(20), Duration.ofMillis(200)), mysqlDir,
                mysqlCharm, new ObjectMapper(), JavaFallback.fromRuntime()), ProcessServices.records(),
                new RecordingHookLog(), SocketPaths.standard())) {
            Path release = env.fifo("release");
            env.hook("config-changed", """
                    echo "$JUJU_CLIENT_ID" > "$OUT/id"
                    read line < "$OUT/release"
                    """);
            ExecutorService hookThread = Executors.newSingleThreadExecutor();
            try {
                Future<HookResult> running = hookThread.submit(() -> runner.run("config-changed", Optional.empty(),
                        new HookFixture.Recording()));
                POLLING.until(() -> Files.exists(env.outDir.resolve("id")) && !read("id").isBlank());
                String clientId = read("id").strip();
                assertEquals(0, HookToolCall.run(runner.socketPath(), clientId, "config-get").exit(), "live, on its own socket");
                assertEquals(new HookToolCall(1, "", "config-get: error: unknown or expired client id\n"),
                        HookToolCall.run(mysql.socketPath(), clientId, "config-get"));
                Files.writeString(release, "go\n");
                assertEquals(new HookResult.Succeeded(), running.get(20, TimeUnit.SECONDS));
            } finally {
                hookThread.shutdownNow();
            }
            for (Path socket : new Path[] {runner.socketPath(), mysql.socketPath()}) {
                assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(socket)));
            }
        }
    }

    private String read(String name) {
        try {
            return env.out(name);
        } catch (java.io.IOException e) {
            return "";
        }
    }
}
