package jujube.hooks.internal;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import jujube.state.EnvironmentConfig;

/**
 * The proxy variables hooks get from the environment's configuration, set by the operator with
 * {@code jujube set-env http-proxy=...} as Go juju's model config: {@code http-proxy},
 * {@code https-proxy}, {@code ftp-proxy} and {@code no-proxy}, each given to hooks under both the lower-
 * and upper-case names tools look for ({@code http_proxy} and {@code HTTP_PROXY}).
 */
final class ProxySettings {
    private ProxySettings() {
    }

    static Map<String, String> of(Map<String, Object> environmentConfig) {
        Map<String, String> env = new LinkedHashMap<>();
        for (String key : EnvironmentConfig.PROXY_KEYS) {
            Object value = environmentConfig.get(key);
            if (value != null && !value.toString().isBlank()) {
                String name = key.replace('-', '_');
                env.put(name, value.toString());
                env.put(name.toUpperCase(Locale.ROOT), value.toString());
            }
        }
        return Map.copyOf(env);
    }
}
