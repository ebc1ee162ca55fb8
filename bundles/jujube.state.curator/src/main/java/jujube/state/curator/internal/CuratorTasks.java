package jujube.state.curator.internal;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import jujube.model.NoSuchUnitException;
import jujube.model.StateException;
import jujube.model.UnitName;
import jujube.state.StateWatcher;
import jujube.state.TaskInfo;
import jujube.state.TaskStatus;
import jujube.state.Tasks;
import jujube.state.Watch;
import jujube.state.store.CacheWatch;
import jujube.state.store.Fields;
import jujube.state.store.NodeReader;
import jujube.state.store.Paths;
import jujube.state.store.SerialDelivery;
import jujube.state.store.StateContext;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;

/**
 * Tasks in ZooKeeper. {@code /tasks} is the administrator's index: {@code operation-K} and {@code task-K}
 * sequence nodes sharing one sequence (Go juju numbers both from one), a task's index naming its unit. The
 * task itself is below its unit, {@code /units/unit-N/tasks/task-K} (the request: read by the unit), with
 * {@code progress} below it (status, times, log and results: written by the unit). A unit's removal takes
 * its tasks with it; the index then answers for them as aborted.
 */
final class CuratorTasks implements Tasks {
    static final String INDEX = "/tasks";
    private static final String PROGRESS = "progress";
    /** Pruning starts this far past the bound, so that a full index is not pruned at every new task. */
    private static final int PRUNE_SLACK = 100;
    private final StateContext ctx;

    CuratorTasks(StateContext ctx) {
        this.ctx = ctx;
    }

    // ---- the administrator's side

    @Override
    public Operation enqueue(String action, List<UnitName> units, Map<String, Object> params, Duration timeout) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("the timeout must be positive, got " + timeout);
        }
        if (units.isEmpty()) {
            throw new IllegalArgumentException("no unit to run " + action + " on");
        }
        int size = ctx.reader().bytes(params).length;
        if (size > MAX_PARAMS_BYTES) {
            throw new IllegalArgumentException("the parameters are " + size + " bytes of JSON, more than "
                    + MAX_PARAMS_BYTES);
        }
        Map<UnitName, String> unitIds = new LinkedHashMap<>();
        var topology = ctx.topology().read();
        for (UnitName unit : units) {
            unitIds.put(unit, topology.unitId(unit));
        }
        String enqueued = Instant.now().toString();
        try {
            ctx.client().create().forPath(INDEX);
        } catch (KeeperException.NodeExistsException e) {
            // made by an earlier operation
        } catch (Exception e) {
            throw NodeReader.failure(INDEX, e);
        }
        String operation = sequence(create(INDEX + "/operation-", Map.of("action", action, "enqueued", enqueued,
                "units", units.stream().map(Object::toString).toList())));
        List<String> tasks = new ArrayList<>();
        List<CuratorOp> ops = new ArrayList<>();
        try {
            for (Map.Entry<UnitName, String> unit : unitIds.entrySet()) {
                String id = sequence(create(INDEX + "/task-", Map.of("unit", unit.getValue(),
                        "unit-name", unit.getKey().toString(), "operation", operation, "action", action,
                        "enqueued", enqueued, "timeout-ms", timeout.toMillis())));
                tasks.add(id);
                String dir = Paths.unit(unit.getValue()) + "/tasks";
                ensure(dir, unit.getKey());
                String path = dir + "/" + taskNode(id);
                Map<String, Object> request = new LinkedHashMap<>();
                request.put("id", id);
                request.put("operation", operation);
                request.put("unit", unit.getKey().toString());
                request.put("action", action);
                request.put("params", params);
                request.put("timeout-ms", timeout.toMillis());
                request.put("enqueued", enqueued);
                ops.add(ctx.client().transactionOp().create().forPath(path, ctx.reader().bytes(path, request)));
                ops.add(ctx.client().transactionOp().create().forPath(path + "/" + PROGRESS,
                        ctx.reader().bytes(Map.of("status", TaskStatus.PENDING.label()))));
            }
            // every unit's task appears at once, or none does
            ctx.client().transaction().forOperations(ops);
        } catch (KeeperException.NoNodeException e) {
            throw new NoSuchUnitException("a unit of " + units + " was removed meanwhile: nothing was queued");
        } catch (StateException e) {
            throw e;
        } catch (Exception e) {
            throw NodeReader.failure(INDEX, e);
        }
        prune();
        return new Operation(operation, tasks);
    }

    private String create(String prefix, Map<String, Object> content) {
        try {
            return ctx.client().create().withMode(CreateMode.PERSISTENT_SEQUENTIAL).forPath(prefix,
                    ctx.reader().bytes(prefix, content));
        } catch (StateException e) {
            throw e;
        } catch (Exception e) {
            throw NodeReader.failure(prefix, e);
        }
    }

    /** The unit's task directory, made with its first task. */
    private void ensure(String dir, UnitName unit) {
        try {
            ctx.client().create().forPath(dir);
        } catch (KeeperException.NodeExistsException e) {
            // an earlier task's
        } catch (KeeperException.NoNodeException e) {
            throw new NoSuchUnitException(unit.toString());
        } catch (Exception e) {
            throw NodeReader.failure(dir, e);
        }
    }

    /** The node of task {@code id}, below the index and below its unit: ZooKeeper's sequence naming. */
    private static String taskNode(String id) {
        return "task-" + String.format("%010d", Long.parseLong(id));
    }

    /** {@code 12} of {@code /tasks/task-0000000012}: the number a user types. */
    private static String sequence(String path) {
        String name = Paths.name(path);
        return String.valueOf(Long.parseLong(name.substring(name.indexOf('-') + 1)));
    }

    /** The index node of task {@code id}; empty for what is not a task number. */
    private static Optional<String> indexPath(String id) {
        if (!id.matches("[0-9]{1,10}")) {
            return Optional.empty();
        }
        return Optional.of(INDEX + "/" + taskNode(id));
    }

    @Override
    public Optional<TaskInfo> task(String id) {
        Optional<String> index = indexPath(id);
        if (index.isEmpty()) {
            return Optional.empty();
        }
        Optional<Map<String, Object>> entry = ctx.reader().presentYamlMap(index.get());
        return entry.map(e -> read(index.get(), id, e));
    }

    /** The task as its unit's nodes hold it; as aborted when they are gone (the unit was removed). */
    private TaskInfo read(String indexPath, String id, Map<String, Object> index) {
        Fields f = new Fields(indexPath);
        String path = Paths.unit(f.string(index.get("unit"), "unit")) + "/tasks/" + taskNode(id);
        Optional<Map<String, Object>> request = ctx.reader().presentYamlMap(path);
        Optional<Map<String, Object>> progress = ctx.reader().presentYamlMap(path + "/" + PROGRESS);
        if (request.isEmpty() || progress.isEmpty()) {
            Instant enqueued = instant(f, index.get("enqueued"), "enqueued").orElse(Instant.EPOCH);
            return new TaskInfo(id, f.string(index.get("operation"), "operation"),
                    UnitName.parse(f.string(index.get("unit-name"), "unit-name")), f.string(index.get("action"), "action"),
                    Map.of(), Duration.ofMillis(number(f, index.get("timeout-ms"), "timeout-ms")), TaskStatus.ABORTED,
                    "its unit was removed", Map.of(), List.of(), enqueued, Optional.empty(), Optional.empty());
        }
        return info(path, request.get(), progress.get());
    }

    private TaskInfo info(String path, Map<String, Object> request, Map<String, Object> progress) {
        Fields f = new Fields(path);
        Fields p = new Fields(path + "/" + PROGRESS);
        String label = p.string(progress.get("status"), "status");
        TaskStatus status = TaskStatus.ofLabel(label).orElseThrow(() -> p.corrupt("unknown status '" + label + "'"));
        List<TaskInfo.LogEntry> log = new ArrayList<>();
        if (progress.get("log") != null) {
            for (Object entry : p.list(progress.get("log"), "log")) {
                Map<String, Object> e = p.map(entry, "log[]");
                log.add(new TaskInfo.LogEntry(instant(p, e.get("time"), "log[].time").orElse(Instant.EPOCH),
                        p.string(e.get("message"), "log[].message")));
            }
        }
        Object dropped = progress.get("log-dropped");
        if (dropped instanceof Number n && n.longValue() > 0) {
            log.add(new TaskInfo.LogEntry(log.isEmpty() ? Instant.EPOCH : log.get(log.size() - 1).time(),
                    n.longValue() + " more messages were not kept (at most " + MAX_LOG_ENTRIES + ")"));
        }
        return new TaskInfo(f.string(request.get("id"), "id"), f.string(request.get("operation"), "operation"),
                UnitName.parse(f.string(request.get("unit"), "unit")), f.string(request.get("action"), "action"),
                request.get("params") == null ? Map.of() : f.map(request.get("params"), "params"),
                Duration.ofMillis(number(f, request.get("timeout-ms"), "timeout-ms")), status,
                progress.get("message") == null ? "" : p.string(progress.get("message"), "message"),
                progress.get("results") == null ? Map.of() : p.map(progress.get("results"), "results"), log,
                instant(f, request.get("enqueued"), "enqueued").orElseThrow(() -> f.corrupt("'enqueued' is missing")),
                instant(p, progress.get("started"), "started"), instant(p, progress.get("completed"), "completed"));
    }

    private static long number(Fields f, Object value, String where) {
        if (!(value instanceof Number n)) {
            throw f.corrupt("'" + where + "' is not a number");
        }
        return n.longValue();
    }

    private static Optional<Instant> instant(Fields f, Object value, String where) {
        if (value == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Instant.parse(f.string(value, where)));
        } catch (java.time.format.DateTimeParseException e) {
            throw f.corrupt("'" + where + "' is not a time: " + value);
        }
    }

    @Override
    public Optional<TaskInfo> await(String id, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Optional<String> index = indexPath(id);
            Optional<Map<String, Object>> entry = index.flatMap(ctx.reader()::presentYamlMap);
            if (entry.isEmpty()) {
                return Optional.empty();
            }
            String progress = Paths.unit(new Fields(index.get()).string(entry.get().get("unit"), "unit")) + "/tasks/"
                    + Paths.name(index.get()) + "/" + PROGRESS;
            CountDownLatch changed = new CountDownLatch(1);
            try {
                ctx.client().getData().usingWatcher((org.apache.zookeeper.Watcher) e -> changed.countDown()).forPath(progress);
            } catch (KeeperException.NoNodeException e) {
                return Optional.of(read(index.get(), id, entry.get()));
            } catch (Exception e) {
                throw NodeReader.failure(progress, e);
            }
            TaskInfo task = read(index.get(), id, entry.get());
            long left = deadline - System.nanoTime();
            if (task.status().isFinal() || left <= 0 || !changed.await(left, TimeUnit.NANOSECONDS)) {
                return Optional.of(task);
            }
        }
    }

    @Override
    public List<TaskInfo> list() {
        List<TaskInfo> tasks = new ArrayList<>();
        for (String name : indexNames("task-")) {
            task(sequence(name)).ifPresent(tasks::add);
        }
        return tasks;
    }

    /** The index's children with {@code prefix}, oldest first. */
    private List<String> indexNames(String prefix) {
        try {
            return ctx.client().getChildren().forPath(INDEX).stream().filter(n -> n.startsWith(prefix)).sorted().toList();
        } catch (KeeperException.NoNodeException e) {
            return List.of();
        } catch (Exception e) {
            throw NodeReader.failure(INDEX, e);
        }
    }

    @Override
    public TaskInfo cancel(String id) {
        TaskInfo task = task(id).orElseThrow(() -> new IllegalArgumentException("no task " + id));
        if (task.status() == TaskStatus.PENDING) {
            String unitId = ctx.topology().read().unitId(task.unit());
            String progress = Paths.unit(unitId) + "/tasks/" + taskNode(id) + "/" + PROGRESS;
            update(progress, current -> {
                if (!TaskStatus.PENDING.label().equals(current.get("status"))) {
                    return null;
                }
                current.put("status", TaskStatus.CANCELLED.label());
                current.put("message", "cancelled before it ran");
                current.put("completed", Instant.now().toString());
                return current;
            });
        }
        return task(id).orElse(task);
    }

    /** Keeps at most {@link #MAX_FINISHED_TASKS} finished tasks (and pending ones all), removing the oldest. */
    private void prune() {
        List<String> names = indexNames("task-");
        if (names.size() <= MAX_FINISHED_TASKS + PRUNE_SLACK) {
            return;
        }
        int excess = names.size() - MAX_FINISHED_TASKS;
        for (String name : names) {
            if (excess == 0) {
                break;
            }
            Optional<TaskInfo> task = task(sequence(name));
            if (task.isPresent() && !task.get().status().isFinal()) {
                continue;
            }
            task.ifPresent(t -> {
                try {
                    ctx.deleteTree(Paths.unit(ctx.topology().read().unitId(t.unit())) + "/tasks/" + name);
                } catch (NoSuchUnitException removed) {
                    // went with its unit
                }
            });
            ctx.deleteTree(INDEX + "/" + name);
            excess--;
        }
        // an operation whose tasks are all gone goes too
        List<String> left = indexNames("task-");
        long oldest = left.isEmpty() ? Long.MAX_VALUE : Long.parseLong(sequence(left.get(0)));
        for (String op : indexNames("operation-")) {
            if (Long.parseLong(sequence(op)) < oldest) {
                ctx.deleteTree(INDEX + "/" + op);
            }
        }
    }

    // ---- a unit agent's side

    @Override
    public Watch watch(UnitName unit, StateWatcher<List<TaskInfo>> watcher) {
        String dir = actingPath(unit) + "/tasks";
        return new CacheWatch<>(ctx.caches(), dir, false, cache -> {
            Map<String, Map<String, Object>> requests = new java.util.TreeMap<>();
            Map<String, Map<String, Object>> progress = new java.util.HashMap<>();
            cache.stream().forEach(d -> {
                String path = d.getPath();
                if (!path.startsWith(dir + "/")) {
                    return;
                }
                String rest = path.substring(dir.length() + 1);
                if (!rest.contains("/")) {
                    requests.put(path, ctx.reader().parse(path, d.getData()));
                } else if (rest.endsWith("/" + PROGRESS)) {
                    progress.put(path.substring(0, path.length() - PROGRESS.length() - 1), ctx.reader().parse(path, d.getData()));
                }
            });
            List<TaskInfo> open = new ArrayList<>();
            requests.forEach((path, request) -> {
                Map<String, Object> p = progress.get(path);
                if (p != null) {
                    TaskInfo task = info(path, request, p);
                    if (!task.status().isFinal()) {
                        open.add(task);
                    }
                }
            });
            open.sort(Comparator.comparingLong(t -> Long.parseLong(t.id())));
            return List.copyOf(open);
        }, new SerialDelivery<>(ctx.watchExecutor(), watcher, List.of()));
    }

    @Override
    public boolean start(UnitName unit, String id) {
        boolean[] started = {false};
        update(progressPath(unit, id), current -> {
            if (!TaskStatus.PENDING.label().equals(current.get("status"))) {
                return null;
            }
            current.put("status", TaskStatus.RUNNING.label());
            current.put("started", Instant.now().toString());
            started[0] = true;
            return current;
        });
        return started[0];
    }

    @Override
    public void log(UnitName unit, String id, String message) {
        String kept = cut(message, MAX_LOG_MESSAGE_BYTES);
        update(progressPath(unit, id), current -> {
            List<Object> log = current.get("log") instanceof List<?> l ? new ArrayList<>(l) : new ArrayList<>();
            if (log.size() >= MAX_LOG_ENTRIES) {
                current.put("log-dropped", (current.get("log-dropped") instanceof Number n ? n.longValue() : 0L) + 1);
            } else {
                log.add(Map.of("time", Instant.now().toString(), "message", kept));
                current.put("log", log);
            }
            return current;
        });
    }

    @Override
    public void finish(UnitName unit, String id, TaskStatus status, String message, Map<String, Object> results) {
        if (!status.isFinal()) {
            throw new IllegalArgumentException(status.label() + " is not how a task ends");
        }
        int size = ctx.reader().bytes(results).length;
        if (size > MAX_RESULTS_BYTES) {
            throw new IllegalArgumentException("the results are " + size + " bytes of JSON, more than " + MAX_RESULTS_BYTES);
        }
        update(progressPath(unit, id), current -> {
            current.put("status", status.label());
            current.put("message", message);
            current.put("results", results);
            current.put("completed", Instant.now().toString());
            return current;
        });
    }

    /** {@code text} cut to at most {@code max} bytes of UTF-8, marked when cut. */
    static String cut(String text, int max) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= max) {
            return text;
        }
        String marker = " [cut at " + max + " bytes]";
        int keep = max - marker.length();
        String head = new String(bytes, 0, keep, StandardCharsets.UTF_8);
        if (head.endsWith("\uFFFD")) {
            head = head.substring(0, head.length() - 1); // half a character
        }
        return head + marker;
    }

    /**
     * Changes the node's content by compare-and-set, again as long as another writer got in between;
     * {@code change} returning null changes nothing.
     */
    private void update(String path, UnaryOperator<Map<String, Object>> change) {
        for (int attempt = 0; ; attempt++) {
            try {
                Stat stat = new Stat();
                Map<String, Object> current = ctx.reader().parse(path, ctx.client().getData().storingStatIn(stat).forPath(path));
                Map<String, Object> next = change.apply(current);
                if (next == null) {
                    return;
                }
                ctx.client().setData().withVersion(stat.getVersion()).forPath(path, ctx.reader().bytes(path, next));
                return;
            } catch (KeeperException.BadVersionException e) {
                if (attempt > 100) {
                    throw new StateException(path + " changes too often to be updated");
                }
            } catch (KeeperException.NoNodeException e) {
                throw new IllegalArgumentException("no task at " + path);
            } catch (StateException e) {
                throw e;
            } catch (Exception e) {
                throw NodeReader.failure(path, e);
            }
        }
    }

    private String progressPath(UnitName unit, String id) {
        return actingPath(unit) + "/tasks/" + taskNode(id) + "/" + PROGRESS;
    }

    /** The unit's path, once this connection holds the unit's credentials: only it and the administrator read tasks. */
    private String actingPath(UnitName unit) {
        String unitId = ctx.topology().read().unitId(unit);
        ctx.access().actFor(unitId);
        return Paths.unit(unitId);
    }
}
