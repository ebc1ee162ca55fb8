package jujube.cli.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import jujube.state.TaskInfo;

/** A task as {@code run}, {@code show-task} and {@code operations} print it: Go juju's keys. */
final class TaskReport {
    private TaskReport() {
    }

    static Map<String, Object> of(TaskInfo task) {
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("id", task.id());
        shown.put("operation", task.operation());
        shown.put("action", task.action());
        shown.put("unit", task.unit().toString());
        shown.put("status", task.status().label());
        if (!task.message().isEmpty()) {
            shown.put("message", task.message());
        }
        if (!task.log().isEmpty()) {
            shown.put("log", task.log().stream().map(e -> e.time() + " " + e.message()).toList());
        }
        if (!task.results().isEmpty()) {
            shown.put("results", sorted(task.results()));
        }
        Map<String, Object> timing = new LinkedHashMap<>();
        timing.put("enqueued", task.enqueued().toString());
        task.started().ifPresent(t -> timing.put("started", t.toString()));
        task.completed().ifPresent(t -> timing.put("completed", t.toString()));
        shown.put("timing", timing);
        return shown;
    }

    /** Each unit's task, by unit, as {@code jujube run} prints them. */
    static Map<String, Object> byUnit(List<TaskInfo> tasks) {
        Map<String, Object> shown = new LinkedHashMap<>();
        tasks.forEach(t -> shown.put(t.unit().toString(), of(t)));
        return shown;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> sorted(Map<String, Object> map) {
        Map<String, Object> sorted = new TreeMap<>();
        map.forEach((k, v) -> sorted.put(k, v instanceof Map<?, ?> m ? sorted((Map<String, Object>) m) : v));
        return sorted;
    }

    /** {@code yaml} or {@code json}, else a usage error. */
    static StatusFormat format(String format, java.util.function.Function<String, RuntimeException> usage) {
        if (!format.equals("yaml") && !format.equals("json")) {
            throw usage.apply("--format must be yaml or json, got '" + format + "'");
        }
        return StatusFormat.valueOf(format);
    }
}
