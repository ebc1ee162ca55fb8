package jujube.state;

import java.util.Map;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The environment's configuration: the keys of {@code /environment} (the node bootstrap writes with the
 * environment's {@code name} and {@code placement}), read by every agent, set by the operator
 * ({@code jujube set-env key=value}). Keys the agents act on are named here with their defaults.
 *
 * @since 2.0
 */
@ProviderType
public interface EnvironmentConfig {
    /**
     * Whether a unit agent retries a failed hook by itself, with backoff (Go juju's key of the same
     * name); {@code true} when not set. Off, a unit stays in its error state until {@code resolved}.
     */
    String AUTOMATICALLY_RETRY_HOOKS = "automatically-retry-hooks";

    /**
     * Whether the agents' logs and {@code debug-log} show the values of the relation settings a hook
     * changed, for debugging a charm; {@code false} when not set: they show which keys changed, never to
     * what (a value may be a credential whatever its key is called).
     *
     * @since 3.2
     */
    String LOG_SETTING_VALUES = "log-setting-values";

    /**
     * The keys no one may set or unset: fixed by bootstrap, which also records them in the environment's
     * own file, where the command line reads them (changing one copy would make the two disagree).
     */
    java.util.Set<String> READ_ONLY = java.util.Set.of("name", "placement", "uuid");

    /**
     * The environment's name, as bootstrap wrote it; empty when missing.
     *
     * @since 7.1
     */
    static String name(Map<String, Object> config) {
        Object value = config.get("name");
        return value == null ? "" : value.toString();
    }

    /**
     * The environment's UUID, what Go juju calls the model UUID: the one bootstrap wrote, else (an
     * environment bootstrapped without one) a UUID derived from its name, the same at every read.
     *
     * @since 7.1
     */
    static String uuid(Map<String, Object> config) {
        Object value = config.get("uuid");
        if (value != null) {
            return value.toString();
        }
        return java.util.UUID.nameUUIDFromBytes(("jujube-environment:" + name(config))
                .getBytes(java.nio.charset.StandardCharsets.UTF_8)).toString();
    }

    /** Every key and its value. */
    Map<String, Object> get();

    /**
     * Merges {@code changes} into the configuration (compare-and-set with bounded retry); a {@code null}
     * value removes its key.
     *
     * @throws IllegalArgumentException naming a key of {@link #READ_ONLY}
     */
    void set(Map<String, Object> changes);

    /** Watches the configuration; the first delivery is the current one. */
    Watch watch(StateWatcher<Map<String, Object>> watcher);

    /**
     * {@link #LOG_SETTING_VALUES} of {@code config}: only an explicit true (or "true") turns it on.
     *
     * @since 3.2
     */
    static boolean logSettingValues(Map<String, Object> config) {
        Object value = config.get(LOG_SETTING_VALUES);
        return Boolean.TRUE.equals(value) || "true".equals(value);
    }

    /** {@link #AUTOMATICALLY_RETRY_HOOKS} of {@code config}: only an explicit false (or "false") turns it off. */
    static boolean automaticallyRetryHooks(Map<String, Object> config) {
        Object value = config.get(AUTOMATICALLY_RETRY_HOOKS);
        return !(Boolean.FALSE.equals(value) || "false".equals(value));
    }
}
