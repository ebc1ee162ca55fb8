package jujube.hooks.internal;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import jujube.hooks.tools.LogLevel;

/** Records what the runner reports (and still logs it through slf4j). */
final class RecordingHookLog implements HookLog {
    final List<String> charm = new CopyOnWriteArrayList<>();
    final List<FlushReport> flushes = new CopyOnWriteArrayList<>();
    private final Slf4jHookLog slf4j = new Slf4jHookLog();

    @Override
    public void charmLog(String unit, String hook, LogLevel level, String message) {
        charm.add(unit + " " + hook + " " + level + " " + message);
        slf4j.charmLog(unit, hook, level, message);
    }

    @Override
    public void flushed(String unit, String hook, FlushReport report, boolean values) {
        flushes.add(report);
        slf4j.flushed(unit, hook, report, values);
    }

    /** Every setting line of every flush so far. */
    List<String> settingLines() {
        return flushes.stream().flatMap(f -> f.settings().stream()).map(c -> c.relationId() + " " + c.describe(true)).toList();
    }
}
