package jujube.hooks.internal;

import jujube.hooks.tools.LogLevel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The default {@link HookLog}: charm messages on the logger {@code jujube.hooks.charm} at their own
 * level, flush changes at INFO on {@code jujube.hooks.flush}, one line per key or port (the keys of
 * relation settings, not their values, unless the environment asks for them).
 */
final class Slf4jHookLog implements HookLog {
    private static final Logger CHARM = LoggerFactory.getLogger("jujube.hooks.charm");
    private static final Logger FLUSH = LoggerFactory.getLogger("jujube.hooks.flush");

    @Override
    public void charmLog(String unit, String hook, LogLevel level, String message) {
        String format = unit == null ? "juju-log outside a hook{}{}: {}" : "unit={} hook={}: {}";
        Object[] args = {unit == null ? "" : unit, hook == null ? "" : hook, message};
        switch (level) {
            case DEBUG -> CHARM.debug(format, args);
            case INFO -> CHARM.info(format, args);
            case WARNING -> CHARM.warn(format, args);
            case ERROR, CRITICAL -> CHARM.error(format, args);
        }
    }

    @Override
    public void flushed(String unit, String hook, FlushReport report, boolean values) {
        report.settings().forEach(change -> FLUSH.info("unit={} hook={} relation={}: {}", unit, hook,
                change.relationId(), change.describe(values)));
        report.ports().forEach(change -> FLUSH.info("unit={} hook={}: {}", unit, hook, change.describe()));
        report.skipped().forEach(relation -> FLUSH.warn("unit={} hook={}: relation {} was removed while the hook "
                + "ran; its settings changes were dropped", unit, hook, relation));
    }
}
