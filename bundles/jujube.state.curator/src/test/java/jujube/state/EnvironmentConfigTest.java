package jujube.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class EnvironmentConfigTest extends ZooKeeperFixture {

    @Test
    void keys_are_merged_removed_and_seen_by_other_connections_and_the_name_is_read_only() {
        EnvironmentConfig config = state.environmentConfig();
        assertTrue(EnvironmentConfig.automaticallyRetryHooks(config.get()), "on by default");
        config.set(Map.of(EnvironmentConfig.AUTOMATICALLY_RETRY_HOOKS, false, "other", "x"));
        assertFalse(EnvironmentConfig.automaticallyRetryHooks(connect(java.util.List.of()).environmentConfig().get()));
        assertEquals("x", config.get().get("other"));
        Map<String, Object> unset = new HashMap<>();
        unset.put("other", null);
        config.set(unset);
        assertFalse(config.get().containsKey("other"));
        assertThrows(IllegalArgumentException.class, () -> config.set(Map.of("name", "renamed")));
    }

    @Test
    void changes_are_watched() throws Exception {
        AtomicReference<Map<String, Object>> seen = new AtomicReference<>(Map.of());
        try (Watch w = state.environmentConfig().watch(c -> seen.set(c.current()))) {
            state.environmentConfig().set(Map.of(EnvironmentConfig.AUTOMATICALLY_RETRY_HOOKS, false));
            POLLING.until(() -> Boolean.FALSE.equals(seen.get().get(EnvironmentConfig.AUTOMATICALLY_RETRY_HOOKS)));
        }
    }
}
