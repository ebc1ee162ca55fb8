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
     * How often a started unit runs {@code update-status}, a duration in Go's form ({@code 5m},
     * {@code 30s}, {@code 1m30s}) from {@link #MIN_UPDATE_STATUS_INTERVAL} to
     * {@link #MAX_UPDATE_STATUS_INTERVAL}; 5 minutes when not set (Go juju's key and default).
     *
     * @since 7.2
     */
    String UPDATE_STATUS_HOOK_INTERVAL = "update-status-hook-interval";
    java.time.Duration DEFAULT_UPDATE_STATUS_INTERVAL = java.time.Duration.ofMinutes(5);
    java.time.Duration MIN_UPDATE_STATUS_INTERVAL = java.time.Duration.ofSeconds(1);
    java.time.Duration MAX_UPDATE_STATUS_INTERVAL = java.time.Duration.ofHours(1);

    /**
     * The keys no one may set or unset: fixed by bootstrap, which also records them in the environment's
     * own file, where the command line reads them (changing one copy would make the two disagree).
     */
    java.util.Set<String> READ_ONLY = java.util.Set.of("name", "placement", "uuid");

    /**
     * The proxy keys (Go juju's): each reaches every hook's environment under its lower- and upper-case
     * variable names ({@code http_proxy}, {@code HTTP_PROXY}); any one-line value.
     *
     * @since 8.0
     */
    java.util.List<String> PROXY_KEYS = java.util.List.of("http-proxy", "https-proxy", "ftp-proxy", "no-proxy");

    /**
     * Every key the operator may set, sorted: those the agents act on. The state stores any key; the
     * command line sets only these.
     *
     * @since 8.0
     */
    java.util.SortedSet<String> KNOWN_KEYS = java.util.Collections.unmodifiableSortedSet(new java.util.TreeSet<>(
            java.util.List.of(AUTOMATICALLY_RETRY_HOOKS, LOG_SETTING_VALUES, UPDATE_STATUS_HOOK_INTERVAL, "http-proxy",
                    "https-proxy", "ftp-proxy", "no-proxy")));

    /**
     * What is wrong with {@code value} for {@code key}, one of {@link #KNOWN_KEYS}; empty when nothing is.
     * The boolean keys take {@code true} or {@code false} (a Boolean or its text), the interval a duration
     * ({@link #problemWithUpdateStatusInterval}), the proxy keys any value.
     *
     * @since 8.0
     */
    static java.util.Optional<String> problemWith(String key, Object value) {
        String text = String.valueOf(value);
        if (key.equals(AUTOMATICALLY_RETRY_HOOKS) || key.equals(LOG_SETTING_VALUES)) {
            return value instanceof Boolean || text.equals("true") || text.equals("false") ? java.util.Optional.empty()
                    : java.util.Optional.of("'" + text + "' is neither true nor false");
        }
        if (key.equals(UPDATE_STATUS_HOOK_INTERVAL)) {
            return problemWithUpdateStatusInterval(text);
        }
        return java.util.Optional.empty();
    }

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

    /**
     * As {@link #set}, returning what each changed key held just before this change was applied (absent
     * when the key was not set), read in the same compare-and-set as the change.
     *
     * @throws IllegalArgumentException naming a key of {@link #READ_ONLY}
     * @since 8.0
     */
    Map<String, Object> change(Map<String, Object> changes);

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

    /**
     * {@code text} read as a duration in Go's form: whole numbers each followed by {@code h}, {@code m} or
     * {@code s}, largest first ({@code 1h}, {@code 5m}, {@code 1m30s}).
     *
     * @throws IllegalArgumentException naming what is wrong
     * @since 7.2
     */
    static java.time.Duration parseDuration(String text) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?:([0-9]{1,4})h)?(?:([0-9]{1,6})m)?(?:([0-9]{1,7})s)?")
                .matcher(text);
        if (text.isEmpty() || !m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a duration such as 30s, 5m or 1h");
        }
        java.time.Duration d = java.time.Duration.ZERO;
        if (m.group(1) != null) {
            d = d.plusHours(Long.parseLong(m.group(1)));
        }
        if (m.group(2) != null) {
            d = d.plusMinutes(Long.parseLong(m.group(2)));
        }
        if (m.group(3) != null) {
            d = d.plusSeconds(Long.parseLong(m.group(3)));
        }
        return d;
    }

    /**
     * What is wrong with {@code text} as {@link #UPDATE_STATUS_HOOK_INTERVAL}; empty when nothing is.
     *
     * @since 7.2
     */
    static java.util.Optional<String> problemWithUpdateStatusInterval(String text) {
        java.time.Duration d;
        try {
            d = parseDuration(text);
        } catch (IllegalArgumentException e) {
            return java.util.Optional.of(e.getMessage());
        }
        if (d.compareTo(MIN_UPDATE_STATUS_INTERVAL) < 0 || d.compareTo(MAX_UPDATE_STATUS_INTERVAL) > 0) {
            return java.util.Optional.of("'" + text + "' is not between 1s and 1h");
        }
        return java.util.Optional.empty();
    }

    /**
     * {@link #UPDATE_STATUS_HOOK_INTERVAL} of {@code config}; the default when unset or not valid (set-env
     * refuses an invalid value, so only a hand-edited node holds one).
     *
     * @since 7.2
     */
    static java.time.Duration updateStatusInterval(Map<String, Object> config) {
        Object value = config.get(UPDATE_STATUS_HOOK_INTERVAL);
        if (value == null || problemWithUpdateStatusInterval(value.toString()).isPresent()) {
            return DEFAULT_UPDATE_STATUS_INTERVAL;
        }
        return parseDuration(value.toString());
    }

    /** {@link #AUTOMATICALLY_RETRY_HOOKS} of {@code config}: only an explicit false (or "false") turns it off. */
    static boolean automaticallyRetryHooks(Map<String, Object> config) {
        Object value = config.get(AUTOMATICALLY_RETRY_HOOKS);
        return !(Boolean.FALSE.equals(value) || "false".equals(value));
    }
}
