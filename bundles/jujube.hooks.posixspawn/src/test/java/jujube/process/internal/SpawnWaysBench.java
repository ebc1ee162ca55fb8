package jujube.process.internal;

import java.io.FileInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import jujube.hooks.tools.HookToolsInstaller;
import jujube.hooks.tools.JavaFallback;
import jujube.process.spawn.ProcessSpawner;
import jujube.process.spawn.SpawnRequest;

/**
 * What starting a hook costs each {@link ProcessSpawner}, as CPU of this JVM and its reaped children per
 * hook: two threads start {@code sh} hooks that run {@code /bin/true}, with 100 extra descriptors open
 * (a machine agent holds about as many), the JDK way through the static session leader. Run by
 * {@code bench/spawn/ways.sh}; a benchmark, not a test.
 *   SpawnWaysBench DIR HOOKS
 */
public final class SpawnWaysBench {
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int hooks = Integer.parseInt(args[1]);
        Path hook = dir.resolve("hook");
        Files.writeString(hook, "#!/bin/sh\n/bin/true\n");
        Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwxr-xr-x"));
        List<FileInputStream> held = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            held.add(new FileInputStream("/dev/null"));
        }
        Path devNull = Path.of("/dev/null");
        // the JDK way execs the static session leader installed with the tools, as in a unit agent
        Path tools = Files.createDirectories(dir.resolve("tools"));
        Path leader = new HookToolsInstaller(JavaFallback.fromRuntime()).install(tools).sessionLeader().orElseThrow();
        for (var named : Spawners.both().toList()) {
            ProcessSpawner spawner = named.getPayload(); // both are here: this module has the native one
            Runnable run = () -> {
                try {
                    int exit = spawner.start(new SpawnRequest(List.of(hook.toString()), Map.of("PATH", "/usr/bin:/bin"),
                            dir, devNull, devNull, Optional.of(leader))).waitFor();
                    if (exit != 0) {
                        throw new IllegalStateException("hook exited " + exit);
                    }
                } catch (IOException | InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            };
            for (int i = 0; i < 50; i++) {
                run.run(); // warm-up
            }
            long cpu = cpuMillis();
            long start = System.nanoTime();
            Thread[] threads = new Thread[2];
            for (int t = 0; t < threads.length; t++) {
                threads[t] = new Thread(() -> {
                    for (int i = 0; i < hooks / 2; i++) {
                        run.run();
                    }
                });
                threads[t].start();
            }
            for (Thread thread : threads) {
                thread.join();
            }
            System.out.printf("%-12s %.2f ms wall, %.2f ms CPU (JVM and children) per hook%n", named.getName(),
                    (System.nanoTime() - start) / 1e6 / hooks, (cpuMillis() - cpu) / (double) hooks);
        }
        held.forEach(in -> {
            try {
                in.close();
            } catch (IOException ignored) {
                // leaving
            }
        });
    }

    /** utime + stime + cutime + cstime of this process, from /proc (clock ticks of 10 ms). */
    private static long cpuMillis() throws IOException {
        String stat = Files.readString(Path.of("/proc/self/stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        long ticks = 0;
        for (int i = 11; i <= 14; i++) {
            ticks += Long.parseLong(fields[i]);
        }
        return ticks * 10;
    }
}
