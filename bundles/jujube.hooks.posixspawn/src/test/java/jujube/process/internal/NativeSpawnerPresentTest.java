package jujube.process.internal;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The runner's tests rerun in this module really start processes with posix_spawn, not only the JDK's way. */
class NativeSpawnerPresentTest {
    @Test
    void the_spawner_tests_see_the_native_spawner() {
        assertTrue(Spawners.nativeSpawner().isPresent(), "posix_spawn loads in this module's tests");
    }
}
