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

    @Test
    void a_change_returns_what_its_keys_held_before_it() {
        EnvironmentConfig config = state.environmentConfig();
        assertEquals(Map.of(), config.change(Map.of("http-proxy", "http://a:1")));
        Map<String, Object> unset = new HashMap<>();
        unset.put("http-proxy", null);
        unset.put("no-proxy", null);
        assertEquals(Map.of("http-proxy", "http://a:1"), config.change(unset));
        assertFalse(config.get().containsKey("http-proxy"));
    }

    @Test
    void known_keys_take_values_of_their_kind() {
        assertTrue(EnvironmentConfig.KNOWN_KEYS.containsAll(EnvironmentConfig.PROXY_KEYS));
        assertTrue(EnvironmentConfig.problemWith(EnvironmentConfig.LOG_SETTING_VALUES, true).isEmpty());
        assertEquals("'1' is neither true nor false",
                EnvironmentConfig.problemWith(EnvironmentConfig.LOG_SETTING_VALUES, 1L).orElseThrow());
        assertTrue(EnvironmentConfig.problemWith(EnvironmentConfig.UPDATE_STATUS_HOOK_INTERVAL, "0s").isPresent());
        assertTrue(EnvironmentConfig.problemWith("no-proxy", "localhost,10.0.0.0/8").isEmpty());
    }
}
