package jujube.hooks.internal;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import jujube.charm.CharmConfig;
import jujube.charm.CharmReader;
import jujube.state.UnitHandle;

/**
 * The configuration {@code config-get} shows: the service's set options over the defaults of the
 * unit's charm (the charm whose hooks run, which during an upgrade may differ from the service's).
 * Values are String, Long, Double or Boolean, as the tools' contract says.
 */
final class ConfigView {
    private ConfigView() {
    }

    /**
     * The service's configuration as its hooks see it: every option of the charm, with its value, else
     * its default, else null; and the values of options the charm no longer has.
     */
    static Map<String, Object> read(UnitHandle state, CharmReader reader, String charmId) {
        CharmConfig schema = reader.parseConfig(charmId, state.charm(charmId).config());
        Map<String, Object> view = new TreeMap<>();
        schema.options().keySet().forEach(name -> view.put(name, null));
        view.putAll(schema.defaults());
        state.serviceConfig().forEach((name, value) -> {
            if (value != null) {
                // Typed by the option when it accepts the value; an option the charm dropped keeps a plain form.
                view.put(name, schema.option(name).flatMap(o -> o.type().accept(value)).orElseGet(() -> plain(value)));
            }
        });
        return Collections.unmodifiableMap(view);
    }

    private static Object plain(Object value) {
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof BigInteger) {
            return ((Number) value).longValue();
        }
        if (value instanceof Double || value instanceof Float || value instanceof BigDecimal) {
            return ((Number) value).doubleValue();
        }
        return value instanceof Boolean ? value : String.valueOf(value);
    }
}
