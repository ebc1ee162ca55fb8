package jujube.cli.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jujube.state.TaskInfo;
import jujube.state.TaskStatus;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jujube operations [--service S] [--status S]}: the operations kept, oldest first, each with its
 * action, status (its tasks' least advanced: pending before running before an end; failed first among the
 * ends) and tasks; as a table, or yaml or json.
 */
@Command(name = "operations", description = "List the operations of actions and their tasks.")
public final class OperationsCommand extends SessionCommand {
    @Option(names = "--service", paramLabel = "SERVICE", description = "Only operations with a task on this service.")
    String service;

    @Option(names = "--status", paramLabel = "STATUS",
            description = "Only operations in this status: pending, running, completed, failed, cancelled, aborted.")
    String status;

    @Option(names = "--format", defaultValue = "tabular", paramLabel = "tabular|yaml|json", description = "Output format.")
    String format;

    @Override
    int run(EnvironmentSession session) {
        if (status != null && TaskStatus.ofLabel(status).isEmpty()) {
            throw usage("--status must be pending, running, completed, failed, cancelled or aborted, got '" + status + "'");
        }
        if (!List.of("tabular", "yaml", "json").contains(format)) {
            throw usage("--format must be tabular, yaml or json, got '" + format + "'");
        }
        if (service != null) {
            session.state().services().get(service); // an unknown service is an error, not an empty list
        }
        Map<String, List<TaskInfo>> operations = new LinkedHashMap<>();
        for (TaskInfo task : session.state().tasks().list()) {
            operations.computeIfAbsent(task.operation(), k -> new ArrayList<>()).add(task);
        }
        List<Map<String, Object>> shown = new ArrayList<>();
        operations.entrySet().stream()
                .sorted((a, b) -> Long.compare(Long.parseLong(a.getKey()), Long.parseLong(b.getKey())))
                .forEach(op -> {
                    List<TaskInfo> tasks = op.getValue();
                    if (service != null && tasks.stream().noneMatch(t -> t.unit().service().equals(service))) {
                        return;
                    }
                    TaskStatus overall = overall(tasks);
                    if (status != null && !overall.label().equals(status)) {
                        return;
                    }
                    Map<String, Object> o = new LinkedHashMap<>();
                    o.put("id", op.getKey());
                    o.put("action", tasks.get(0).action());
                    o.put("status", overall.label());
                    o.put("enqueued", tasks.get(0).enqueued().toString());
                    Map<String, Object> byTask = new LinkedHashMap<>();
                    tasks.forEach(t -> {
                        // in this order at every run: scripts compare what they print
                        Map<String, String> task = new LinkedHashMap<>();
                        task.put("unit", t.unit().toString());
                        task.put("status", t.status().label());
                        byTask.put(t.id(), task);
                    });
                    o.put("tasks", byTask);
                    shown.add(o);
                });
        if (format.equals("tabular")) {
            List<List<String>> rows = new ArrayList<>();
            rows.add(List.of("ID", "STATUS", "ACTION", "TASKS", "ENQUEUED"));
            for (Map<String, Object> o : shown) {
                @SuppressWarnings("unchecked")
                Map<String, Map<String, String>> tasks = (Map<String, Map<String, String>>) o.get("tasks");
                List<String> summary = new ArrayList<>();
                tasks.forEach((id, t) -> summary.add(id + ":" + t.get("unit") + "=" + t.get("status")));
                rows.add(List.of((String) o.get("id"), (String) o.get("status"), (String) o.get("action"),
                        String.join(",", summary), (String) o.get("enqueued")));
            }
            out().print(table(rows));
        } else {
            out().print(StatusFormat.valueOf(format).render(Map.of("operations", shown)));
        }
        return 0;
    }

    /** The operation's status: pending or running while any task is; else failed, aborted, cancelled, completed. */
    static TaskStatus overall(List<TaskInfo> tasks) {
        for (TaskStatus s : List.of(TaskStatus.RUNNING, TaskStatus.PENDING, TaskStatus.FAILED, TaskStatus.ABORTED,
                TaskStatus.CANCELLED)) {
            if (tasks.stream().anyMatch(t -> t.status() == s)) {
                return s;
            }
        }
        return TaskStatus.COMPLETED;
    }

    private static String table(List<List<String>> rows) {
        int[] widths = new int[rows.get(0).size()];
        rows.forEach(r -> {
            for (int i = 0; i < r.size(); i++) {
                widths[i] = Math.max(widths[i], r.get(i).length());
            }
        });
        StringBuilder out = new StringBuilder();
        for (List<String> r : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < r.size(); i++) {
                line.append(i == r.size() - 1 ? r.get(i) : String.format("%-" + (widths[i] + 2) + "s", r.get(i)));
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }
}
