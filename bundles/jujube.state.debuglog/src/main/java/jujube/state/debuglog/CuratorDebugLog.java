package jujube.state.debuglog;

import jujube.state.store.CacheWatch;
import jujube.state.store.Fields;
import jujube.state.store.NodeBatch;
import jujube.state.store.NodeReader;
import jujube.state.store.Paths;
import jujube.state.store.SerialDelivery;
import jujube.state.store.StateContext;
import jujube.state.store.Topology;
import jujube.state.store.TopologyFacts;
import jujube.state.store.WriteQuotas;

import jujube.access.policy.Principals;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jujube.state.DebugLog;
import jujube.state.DebugLogPublisher;
import jujube.model.LogRecord;
import jujube.model.LoggedRecord;
import jujube.model.StateException;
import jujube.state.StateWatcher;
import jujube.model.UnitName;
import jujube.state.Watch;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.OpResult;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The debug log. Each writer has a directory, {@code /logs/<principal>} (a unit's id, a machine's key, or
 * {@code admin}), made by the administrator with the unit or machine and writable by it alone; its records
 * are sequence nodes there ({@code log-N}), each writer keeping its newest {@link DebugLog#RETAINED_RECORDS}
 * within its quota ({@link WriteQuotas#LOG}). A record's place in the log is the zxid of its creation, which
 * ZooKeeper gives every change in one order. A reader checks each record against the directory it is in:
 * a unit's directory holds that unit's records only, a machine's that machine's; a record that fails, or
 * that is not a record at all, is shown as a one-line warning naming its writer, never dropped silently
 * and never stopping the reader. Records are kept whether or not anyone reads them, bounded by count (the
 * newest {@code retained} of each writer), bytes (the writer's quota) and age (by ZooKeeper's creation time:
 * readers skip older records; writers remove their own when they append, looking at most once a minute).
 * Known debt: an age is ZooKeeper's creation time read against this process's clock, so a host whose clock
 * is off the server's by some minutes keeps or drops records that many minutes early or late.
 */
public final class CuratorDebugLog implements DebugLog, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CuratorDebugLog.class);
    private static final Pattern MACHINE = Pattern.compile("machine-([0-9]{1,9})");
    private static final String RECORD = "log-";
    /** How long a writer waits for ZooKeeper's answers to its records. */
    private static final long WRITE_TIMEOUT_SECONDS = 60;
    /** How often a writer looks for its records older than the age bound: each look reads the oldest's stat. */
    private static final long AGE_TRIM_INTERVAL_MILLIS = 60_000;
    private final StateContext ctx;
    private final int retained;
    private final Duration maxAge;
    private final Clock clock;
    /** When each writer's directory was last trimmed by age (the clock's millis). */
    private final Map<String, Long> ageTrimmed = new ConcurrentHashMap<>();
    /** Unit ids by name: a name is never given to another unit, so what was looked up once holds. */
    private final Map<String, String> unitIds = new ConcurrentHashMap<>();
    private QueuedDebugLogPublisher publisher; // guarded by this
    private boolean closed; // guarded by this

    public CuratorDebugLog(StateContext ctx) {
        this(ctx, RETAINED_RECORDS);
    }

    public CuratorDebugLog(StateContext ctx, int retained) {
        this(ctx, retained, RETAINED_AGE, Clock.systemUTC());
    }

    /**
     * A log keeping each writer's newest {@code retained} records no older than {@code maxAge}, ages told by
     * {@code clock} against the creation times ZooKeeper gives the records.
     */
    public CuratorDebugLog(StateContext ctx, int retained, Duration maxAge, Clock clock) {
        this.ctx = ctx;
        this.retained = retained;
        this.maxAge = maxAge;
        this.clock = clock;
    }

    /** The creation time (ZooKeeper's, in millis) before which a record is too old to keep. */
    private long cutoff() {
        return clock.millis() - maxAge.toMillis();
    }

    @Override
    public List<LoggedRecord> append(List<LogRecord> records) {
        List<String> paths = new ArrayList<>();
        List<LogRecord> unwritten = write(records, paths);
        if (!unwritten.isEmpty()) {
            throw new StateException(unwritten.size() + " of " + records.size() + " debug-log records not written");
        }
        NodeBatch batch = new NodeBatch(ctx.client());
        List<CompletableFuture<OpResult.GetDataResult>> stats = paths.stream().map(batch::node).toList();
        batch.await();
        List<LoggedRecord> stored = new ArrayList<>(records.size());
        for (int i = 0; i < records.size(); i++) {
            OpResult.GetDataResult node = stats.get(i).join();
            stored.add(new LoggedRecord(node == null ? -1 : node.getStat().getCzxid(), records.get(i)));
        }
        return stored;
    }

    /**
     * Writes each record to its writer's directory (the unit's its {@code unit} names, or the machine's, or
     * the administrator's when this connection is the administrator's), in order within each writer, after
     * trimming that writer's oldest; returns the records not written (logged at debug level: the
     * publisher accounts for them). {@code paths}, when not null, gets each written record's path, in order.
     */
    List<LogRecord> write(List<LogRecord> records, List<String> paths) {
        Map<String, List<LogRecord>> byWriter = new LinkedHashMap<>();
        List<LogRecord> unwritten = new ArrayList<>();
        for (LogRecord r : records) {
            try {
                byWriter.computeIfAbsent(writerOf(r.unit()), w -> new ArrayList<>()).add(r);
            } catch (StateException e) {
                LOG.debug("debug-log record of {} not written: {}", r.unit(), e.getMessage());
                unwritten.add(r);
            }
        }
        Map<LogRecord, String> written = new java.util.IdentityHashMap<>();
        byWriter.forEach((writer, mine) -> {
            try {
                List<String> made = writeAs(writer, mine);
                for (int i = 0; i < mine.size(); i++) {
                    written.put(mine.get(i), made.get(i));
                }
            } catch (StateException e) {
                LOG.debug("{} debug-log record(s) of {} not written: {}", mine.size(), writer, e.getMessage());
                unwritten.addAll(mine);
            }
        });
        if (paths != null) {
            records.forEach(r -> paths.add(written.get(r)));
        }
        return unwritten;
    }

    /** The principal whose directory holds the records of {@code agent} (a unit's name or {@code machine-N}). */
    private String writerOf(String agent) {
        if (ctx.access().isAdmin()) {
            return Principals.ADMIN;
        }
        Matcher machine = MACHINE.matcher(agent);
        if (machine.matches()) {
            return Paths.machineKey(Integer.parseInt(machine.group(1)));
        }
        String unitId = unitIds.computeIfAbsent(agent, name -> {
            Topology t = ctx.topology().read();
            String id;
            try {
                id = t.unitId(UnitName.parse(name));
            } catch (IllegalArgumentException e) {
                throw new StateException("'" + name + "' is neither a unit nor a machine");
            }
            String host = ctx.access().machine().orElse("this connection");
            if (!TopologyFacts.of(t).machineOfUnit(id).map(host::equals).orElse(false)) {
                throw new StateException(name + " is not on " + host + ": its records are not this agent's to write");
            }
            return id;
        });
        ctx.access().actFor(unitId); // the directory is the unit's to write
        return unitId;
    }

    /**
     * Writes {@code records} to the writer's log, newest {@link #retained} only (older ones would go at
     * once): each record a request of its own, so that each has a creation zxid of its own, the log's order;
     * all are sent before the first answer is awaited. Returns each record's path, null for one not written
     * (an older one left out, or one refused: the first failure is thrown once the others are answered).
     */
    private List<String> writeAs(String writer, List<LogRecord> records) {
        String dir = Paths.logWriterDir(writer);
        int skipped = Math.max(0, records.size() - retained);
        trim(dir, records.size() - skipped);
        List<CompletableFuture<String>> made = new ArrayList<>(records.size());
        for (int i = 0; i < records.size(); i++) {
            CompletableFuture<String> path = new CompletableFuture<>();
            made.add(path);
            if (i < skipped) {
                path.complete(null);
                continue;
            }
            try {
                ctx.client().create().withMode(CreateMode.PERSISTENT_SEQUENTIAL).inBackground((client, event) -> {
                    if (event.getResultCode() == KeeperException.Code.OK.intValue()) {
                        path.complete(event.getName()); // without the namespace, as Curator gives it
                    } else {
                        path.completeExceptionally(KeeperException.create(KeeperException.Code.get(event.getResultCode()), dir));
                    }
                }).forPath(dir + "/" + RECORD, ctx.reader().bytes(content(records.get(i))));
            } catch (Exception e) {
                path.completeExceptionally(e);
            }
        }
        List<String> paths = new ArrayList<>(records.size());
        Exception failure = null;
        for (CompletableFuture<String> path : made) {
            try {
                paths.add(path.get(WRITE_TIMEOUT_SECONDS, java.util.concurrent.TimeUnit.SECONDS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StateException("interrupted while writing the debug log of " + writer);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                failure = failure != null ? failure : e.getCause() instanceof Exception c ? c : e;
                paths.add(null);
            }
        }
        if (failure != null) {
            throw NodeReader.failure(dir, failure);
        }
        return paths;
    }

    private static Map<String, Object> content(LogRecord record) {
        Map<String, Object> content = new LinkedHashMap<>();
        content.put("unit", record.unit());
        if (!record.channel().isEmpty()) {
            content.put("channel", record.channel());
        }
        content.put("level", record.level());
        content.put("message", record.message());
        content.put("timestamp", record.timestamp().toString());
        return content;
    }

    /**
     * Removes the writer's oldest records so that {@code incoming} more leave it at the limit at most, and,
     * at most once per {@link #AGE_TRIM_INTERVAL_MILLIS}, those older than the age bound.
     */
    private void trim(String dir, int incoming) {
        List<String> names;
        try {
            names = ctx.client().getChildren().forPath(dir).stream().filter(c -> c.startsWith(RECORD)).sorted().toList();
        } catch (Exception e) {
            throw NodeReader.failure(dir, e);
        }
        int excess = Math.max(names.size() + Math.min(incoming, retained) - retained, expired(dir, names));
        for (int i = 0; i < excess; i++) {
            try {
                ctx.client().delete().forPath(dir + "/" + names.get(i));
            } catch (KeeperException.NoNodeException e) {
                // trimmed meanwhile (the administrator may too)
            } catch (Exception e) {
                throw NodeReader.failure(dir, e);
            }
        }
    }

    /**
     * How many of the oldest of {@code names} (sorted, so oldest first) are older than the age bound; 0 when
     * the directory was looked at less than {@link #AGE_TRIM_INTERVAL_MILLIS} ago. Reads one stat per old
     * record and one more: a writer's records are created in order, so the first young one ends the look.
     */
    private int expired(String dir, List<String> names) {
        long now = clock.millis();
        Long last = ageTrimmed.get(dir);
        if (last != null && now - last < AGE_TRIM_INTERVAL_MILLIS) {
            return 0;
        }
        ageTrimmed.put(dir, now);
        long cutoff = cutoff();
        int old = 0;
        for (String name : names) {
            Stat stat;
            try {
                stat = ctx.client().checkExists().forPath(dir + "/" + name);
            } catch (Exception e) {
                throw NodeReader.failure(dir, e);
            }
            if (stat != null && stat.getCtime() >= cutoff) {
                break;
            }
            old++;
        }
        return old;
    }

    @Override
    public List<LoggedRecord> after(long afterSequence) {
        List<String> writers;
        try {
            writers = ctx.client().getChildren().forPath(Paths.LOGS).stream().filter(CuratorDebugLog::isWriter).toList();
        } catch (KeeperException.NoNodeException e) {
            return List.of();
        } catch (Exception e) {
            throw NodeReader.failure(Paths.LOGS, e);
        }
        // a directory none of whose children changed since (its pzxid) holds nothing newer
        NodeBatch dirs = new NodeBatch(ctx.client());
        Map<String, CompletableFuture<OpResult.GetDataResult>> dirStats = new LinkedHashMap<>();
        writers.forEach(w -> dirStats.put(w, dirs.node(Paths.logWriterDir(w))));
        dirs.await();
        NodeBatch listing = new NodeBatch(ctx.client());
        Map<String, CompletableFuture<List<String>>> children = new LinkedHashMap<>();
        dirStats.forEach((w, stat) -> {
            if (stat.join() != null && stat.join().getStat().getPzxid() > afterSequence) {
                children.put(w, listing.children(Paths.logWriterDir(w)));
            }
        });
        listing.await();
        NodeBatch reads = new NodeBatch(ctx.client());
        Map<String, CompletableFuture<OpResult.GetDataResult>> nodes = new LinkedHashMap<>();
        children.forEach((w, names) -> {
            if (names.join() != null) {
                names.join().stream().filter(n -> n.startsWith(RECORD))
                        .forEach(n -> nodes.put(Paths.logWriterDir(w) + "/" + n, reads.node(Paths.logWriterDir(w) + "/" + n)));
            }
        });
        reads.await();
        Map<String, String> writerNames = writerNames(children.keySet());
        List<LoggedRecord> records = new ArrayList<>();
        long cutoff = cutoff();
        nodes.forEach((path, future) -> {
            OpResult.GetDataResult node = future.join();
            if (node != null && node.getStat().getCzxid() > afterSequence && node.getStat().getCtime() >= cutoff) {
                String writer = Paths.name(path.substring(0, path.lastIndexOf('/')));
                records.add(new LoggedRecord(node.getStat().getCzxid(),
                        checked(path, writerNames.get(writer), node.getData(), node.getStat())));
            }
        });
        records.sort(Comparator.comparingLong(LoggedRecord::sequence));
        return records;
    }

    private static boolean isWriter(String name) {
        return name.equals(Principals.ADMIN) || name.startsWith("unit-") || Paths.isMachineKey(name);
    }

    /** What each writer's records must name as their agent; null for the administrator, who writes any. */
    private Map<String, String> writerNames(java.util.Collection<String> writers) {
        Map<String, String> names = new java.util.HashMap<>();
        List<String> units = writers.stream().filter(w -> w.startsWith("unit-")).toList();
        if (!units.isEmpty()) {
            ctx.topology().read().unitNames(units).forEach((id, name) -> names.put(id, name.toString()));
        }
        writers.stream().filter(Paths::isMachineKey).forEach(key -> names.put(key, "machine-" + Paths.machineId(key)));
        return names;
    }

    /**
     * The record at {@code path}, checked: it must parse, and name the agent its directory belongs to
     * ({@code agent}; null for the administrator's, which may name any). Otherwise it is a warning of the
     * directory's writer saying what was refused.
     */
    private LogRecord checked(String path, String agent, byte[] data, Stat stat) {
        String writer = Paths.name(path.substring(0, path.lastIndexOf('/')));
        boolean administrator = writer.equals(Principals.ADMIN);
        String shown = administrator ? Principals.ADMIN : agent != null ? agent : writer;
        LogRecord record;
        try {
            record = parse(path, ctx.reader().parse(path, data));
        } catch (StateException | IllegalArgumentException e) {
            return refused(shown, path, "not a debug-log record (" + e.getMessage() + ")", stat);
        }
        if (!administrator && agent == null) {
            return refused(shown, path, "its writer " + writer + " is gone", stat);
        }
        if (!administrator && !record.unit().equals(agent)) {
            return refused(shown, path, "written by " + agent + ", it claims to be " + record.unit() + "'s", stat);
        }
        return record;
    }

    private static LogRecord refused(String writer, String path, String why, Stat stat) {
        LOG.warn("debug-log record {} refused: {}", path, why);
        return new LogRecord(writer, QueuedDebugLogPublisher.CHANNEL, "WARNING", "record " + path + " refused: " + why,
                Instant.ofEpochMilli(stat.getCtime()));
    }

    private static LogRecord parse(String path, Map<String, Object> node) {
        Fields f = new Fields(path);
        Object channel = node.get("channel");
        try {
            return new LogRecord(f.string(node.get("unit"), "unit"), channel == null ? "" : f.string(channel, "channel"),
                    f.string(node.get("level"), "level"), f.string(node.get("message"), "message"),
                    Instant.parse(f.string(node.get("timestamp"), "timestamp")));
        } catch (DateTimeParseException e) {
            throw new StateException("timestamp is not an ISO-8601 instant");
        }
    }

    @Override
    public Watch watchLatest(StateWatcher<Long> watcher) {
        return new CacheWatch<>(ctx.caches(), Paths.LOGS, false,
                cache -> cache.stream().filter(d -> isRecord(d.getPath())).mapToLong(d -> d.getStat().getCzxid())
                        .max().orElse(-1L),
                new SerialDelivery<>(ctx.watchExecutor(), watcher, -1L));
    }

    /** Whether {@code path} is a record of a writer's directory. */
    private static boolean isRecord(String path) {
        String dir = path.substring(0, Math.max(0, path.lastIndexOf('/')));
        return Paths.name(path).startsWith(RECORD) && dir.startsWith(Paths.LOGS + "/") && isWriter(Paths.name(dir))
                && dir.lastIndexOf('/') == Paths.LOGS.length();
    }

    @Override
    public synchronized DebugLogPublisher publisher() {
        if (publisher == null) {
            if (closed) {
                throw new IllegalStateException("the connection is closed");
            }
            publisher = QueuedDebugLogPublisher.start(records -> write(records, null));
        }
        return publisher;
    }

    /** Stops the publisher, if one was started; records still queued are dropped. */
    @Override
    public void close() {
        QueuedDebugLogPublisher running;
        synchronized (this) {
            closed = true;
            running = publisher;
        }
        if (running != null) {
            running.close();
        }
    }
}
