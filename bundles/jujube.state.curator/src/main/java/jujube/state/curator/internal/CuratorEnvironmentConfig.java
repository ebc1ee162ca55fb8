package jujube.state.curator.internal;

import jujube.state.store.CacheWatch;
import jujube.state.store.Paths;
import jujube.state.store.SerialDelivery;
import jujube.state.store.StateContext;

import java.util.Collections;
import java.util.Map;
import jujube.state.EnvironmentConfig;
import jujube.state.StateWatcher;
import jujube.state.Watch;

/** The environment's configuration: the YAML map of {@code /environment}. */
final class CuratorEnvironmentConfig implements EnvironmentConfig {
    private final StateContext ctx;

    CuratorEnvironmentConfig(StateContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Map<String, Object> get() {
        return Collections.unmodifiableMap(ctx.reader().optionalYamlMap(Paths.ENVIRONMENT));
    }

    @Override
    public void set(Map<String, Object> changes) {
        change(changes);
    }

    @Override
    public Map<String, Object> change(Map<String, Object> changes) {
        for (String key : changes.keySet()) {
            if (READ_ONLY.contains(key)) {
                throw new IllegalArgumentException("environment key '" + key + "' is read-only");
            }
        }
        return ctx.nodes().update(Paths.ENVIRONMENT, null, content -> {
            Map<String, Object> before = new java.util.LinkedHashMap<>();
            changes.forEach((key, value) -> {
                if (content.containsKey(key)) {
                    before.put(key, content.get(key));
                }
                if (value == null) {
                    content.remove(key);
                } else {
                    content.put(key, value);
                }
            });
            return Collections.unmodifiableMap(before);
        });
    }

    @Override
    public Watch watch(StateWatcher<Map<String, Object>> watcher) {
        String path = Paths.ENVIRONMENT;
        return new CacheWatch<>(ctx.caches(), path, true,
                cache -> cache.get(path).map(d -> Collections.unmodifiableMap(ctx.reader().parse(path, d.getData())))
                        .orElse(Map.of()),
                new SerialDelivery<>(ctx.watchExecutor(), watcher, Map.of()));
    }
}
