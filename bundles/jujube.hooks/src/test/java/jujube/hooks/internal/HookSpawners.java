package jujube.hooks.internal;

import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;

/** Both ways of starting hooks, for tests that run once with each. This module's tests enable posix_spawn. */
final class HookSpawners {
    private HookSpawners() {
    }

    static Stream<Named<HookSpawner>> both() {
        return Stream.of(Named.of("posix_spawn", new HookSpawner.Posix(PosixSpawn.load())),
                Named.of("JDK", new HookSpawner.Jdk(new ProcessGroups())));
    }

    static ProcessHookInvoker invoker(HookSpawner spawner, Duration timeout, Duration grace) {
        return new ProcessHookInvoker(timeout, grace, HookSlots.unlimited(), spawner);
    }
}
