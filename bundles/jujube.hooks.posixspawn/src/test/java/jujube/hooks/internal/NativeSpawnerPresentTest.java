package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The invoker's tests rerun in this module really start hooks with posix_spawn, not only the JDK's way. */
class NativeSpawnerPresentTest {
    @Test
    void the_spawner_tests_see_the_native_spawner() {
        assertTrue(HookSpawners.nativeSpawner().isPresent(), "posix_spawn loads in this module's tests");
    }
}
