package jujube.hooks.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import jujube.testkit.ShortTempDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A machine agent installs the tools of many units at once while it forks hooks: every install must end
 * with the native forwarder, none with the Java fallback ("Text file busy" when the freshly written
 * forwarder is probed while a process forked by another thread still holds its write descriptor).
 */
class ConcurrentInstallTest {
    @TempDir(factory = ShortTempDir.class)
    Path dir;

    @Test
    void many_units_installing_while_processes_fork_all_get_the_native_forwarder() throws Exception {
        AtomicBoolean forking = new AtomicBoolean(true);
        ExecutorService threads = Executors.newFixedThreadPool(12);
        try {
            List<Future<?>> forkers = new ArrayList<>();
            for (int f = 0; f < 2; f++) {
                forkers.add(threads.submit(() -> {
                    while (forking.get()) {
                        new ProcessBuilder("true").start().waitFor();
                    }
                    return null;
                }));
            }
            List<Future<InstalledTools.Mode>> installs = new ArrayList<>();
            for (int unit = 0; unit < 40; unit++) {
                Path bin = dir.resolve("unit-" + unit).resolve("bin");
                installs.add(threads.submit(() -> new HookToolsInstaller(JavaFallback.fromRuntime()).install(bin).mode()));
            }
            for (Future<InstalledTools.Mode> install : installs) {
                assertEquals(InstalledTools.Mode.NATIVE, install.get());
            }
            forking.set(false);
            for (Future<?> forker : forkers) {
                forker.get();
            }
        } finally {
            forking.set(false);
            threads.shutdownNow();
        }
    }
}
