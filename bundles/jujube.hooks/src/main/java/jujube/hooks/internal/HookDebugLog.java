package jujube.hooks.internal;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import jujube.hooks.HookOutput;
import jujube.hooks.HookResult;
import jujube.hooks.tools.LogLevel;
import jujube.state.DebugLogPublisher;
import jujube.model.LogRecord;

/**
 * What a unit's hooks tell the environment's debug log, with the original juju's channel names: a hook's
 * start and result ({@code unit.hook}), its output ({@code hook.output}: stdout at INFO, stderr at
 * ERROR), its {@code juju-log} messages ({@code unit.hook.api}) and what its flush changed
 * ({@code unit.hook.flush}). A flush is told as the relation settings <em>keys</em> that changed, never
 * their values (which may be credentials whatever the key is called), and the ports; an environment's
 * {@code log-setting-values} adds the values, for debugging a charm.
 *
 * <p>Every method returns at once: the publisher queues the record (or drops it, counted, when full).
 */
final class HookDebugLog implements HookLog {
    private final HookLog delegate;
    private final DebugLogPublisher publisher;
    private final String unit;
    private final Clock clock;

    HookDebugLog(HookLog delegate, DebugLogPublisher publisher, String unit, Clock clock) {
        this.delegate = delegate;
        this.publisher = publisher;
        this.unit = unit;
        this.clock = clock;
    }

    private void publish(String channel, String level, String message) {
        publisher.publish(new LogRecord(unit, channel, level, message, clock.instant()));
    }

    void started(String hook) {
        publish("unit.hook", "INFO", "running hook " + hook);
    }

    void ended(String hook, HookResult result) {
        if (result.isSuccess()) {
            publish("unit.hook", "INFO", "hook " + hook + " succeeded");
        } else {
            publish("unit.hook", "ERROR", "hook " + hook + " failed: " + reason(result));
        }
    }

    private static String reason(HookResult result) {
        return result instanceof HookResult.Failed failed ? failed.reason() : result.toString();
    }

    /** {@code output} with every line also published. */
    HookOutput tee(String hook, HookOutput output) {
        return new HookOutput() {
            @Override
            public void stdout(String line) {
                output.stdout(line);
                publish("hook.output", "INFO", hook + ": " + line);
            }

            @Override
            public void stderr(String line) {
                output.stderr(line);
                publish("hook.output", "ERROR", hook + ": " + line);
            }
        };
    }

    @Override
    public void charmLog(String unitName, String hook, LogLevel level, String message) {
        delegate.charmLog(unitName, hook, level, message);
        publish("unit.hook.api", level.name(), hook == null ? message : hook + ": " + message);
    }

    @Override
    public void flushed(String unitName, String hook, FlushReport report, boolean values) {
        delegate.flushed(unitName, hook, report, values);
        if (report.isEmpty()) {
            return;
        }
        if (values) {
            report.settings().forEach(change -> publish("unit.hook.flush", "INFO",
                    hook + ": relation " + change.relationId() + " " + change.describe(true)));
        } else {
            Map<String, TreeSet<String>> changed = new LinkedHashMap<>();
            Map<String, TreeSet<String>> deleted = new LinkedHashMap<>();
            for (FlushReport.SettingChange change : report.settings()) {
                (change.after() == null ? deleted : changed).computeIfAbsent(change.relationId(), r -> new TreeSet<>())
                        .add(change.key());
            }
            changed.forEach((relation, keys) -> publish("unit.hook.flush", "INFO",
                    hook + ": relation " + relation + " settings changed: " + String.join(", ", keys)));
            deleted.forEach((relation, keys) -> publish("unit.hook.flush", "INFO",
                    hook + ": relation " + relation + " settings deleted: " + String.join(", ", keys)));
        }
        List<String> ports = report.ports().stream().map(FlushReport.PortChange::describe).toList();
        if (!ports.isEmpty()) {
            publish("unit.hook.flush", "INFO", hook + ": " + String.join(", ", ports));
        }
        report.skipped().forEach(relation -> publish("unit.hook.flush", "WARNING", hook + ": relation " + relation
                + " was removed while the hook ran; its settings changes were dropped"));
    }
}
