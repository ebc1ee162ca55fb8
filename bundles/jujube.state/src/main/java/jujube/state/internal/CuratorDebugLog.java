package jujube.state.internal;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import jujube.state.CorruptStateException;
import jujube.state.DebugLog;
import jujube.state.DebugLogPublisher;
import jujube.state.LogRecord;
import jujube.state.LoggedRecord;
import jujube.state.StateWatcher;
import jujube.state.Watch;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.curator.framework.api.transaction.CuratorTransactionResult;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The debug log: records are sequence nodes {@code /logs/log-N}, listeners ephemeral sequence nodes
 * {@code /logs/listeners/listener-N}. Both parents are persistent nodes, created on first use
 * (environments initialized before the log existed have neither): a container node would be reaped when
 * empty and its sequence counter would start again from 0 under a reader that waits for greater numbers.
 */
final class CuratorDebugLog implements DebugLog, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CuratorDebugLog.class);
    private static final String PREFIX = Paths.LOGS + "/log-";
    /** Records per ZooKeeper transaction: about 100 x 2 KiB at most, well under the 1 MiB request limit. */
    private static final int BATCH = 100;
    private final StateContext ctx;
    private final int retained;
    private volatile boolean parentsExist;
    private QueuedDebugLogPublisher publisher; // guarded by this
    private boolean closed; // guarded by this

    CuratorDebugLog(StateContext ctx) {
        this(ctx, RETAINED_RECORDS);
    }

    CuratorDebugLog(StateContext ctx, int retained) {
        this.ctx = ctx;
        this.retained = retained;
    }

    @Override
    public boolean isEnabled() {
        try {
            return !ctx.client().getChildren().forPath(Paths.LOG_LISTENERS).isEmpty();
        } catch (KeeperException.NoNodeException e) {
            return false;
        } catch (Exception e) {
            throw NodeReader.failure(Paths.LOG_LISTENERS, e);
        }
    }

    @Override
    public Listener listen() {
        ensureParents();
        String path;
        try {
            path = ctx.client().create().withMode(CreateMode.EPHEMERAL_SEQUENTIAL)
                    .forPath(Paths.LOG_LISTENERS + "/listener-");
        } catch (Exception e) {
            throw NodeReader.failure(Paths.LOG_LISTENERS, e);
        }
        AtomicBoolean open = new AtomicBoolean(true);
        return () -> {
            if (open.getAndSet(false)) {
                try {
                    ctx.client().delete().forPath(path);
                } catch (KeeperException.NoNodeException gone) {
                    // its session ended already
                } catch (Exception e) {
                    // the node goes with the session anyway
                    LOG.debug("could not remove debug-log listener {}: {}", path, e.toString());
                }
            }
        };
    }

    @Override
    public Watch watchEnabled(StateWatcher<Boolean> watcher) {
        return new CacheWatch<>(ctx.caches(), Paths.LOG_LISTENERS, false,
                cache -> cache.stream().anyMatch(d -> !d.getPath().equals(Paths.LOG_LISTENERS)),
                new SerialDelivery<>(ctx.watchExecutor(), watcher, false));
    }

    @Override
    public List<LoggedRecord> append(List<LogRecord> records) {
        List<LoggedRecord> stored = new ArrayList<>(records.size());
        ensureParents();
        for (int from = 0; from < records.size(); from += BATCH) {
            List<LogRecord> batch = records.subList(from, Math.min(records.size(), from + BATCH));
            List<CuratorOp> ops = new ArrayList<>(batch.size());
            try {
                for (LogRecord r : batch) {
                    ops.add(ctx.client().transactionOp().create().withMode(CreateMode.PERSISTENT_SEQUENTIAL)
                            .forPath(PREFIX, ctx.reader().bytes(content(r))));
                }
                List<CuratorTransactionResult> results = ctx.client().transaction().forOperations(ops);
                for (int i = 0; i < batch.size(); i++) {
                    stored.add(new LoggedRecord(sequence(results.get(i).getResultPath()), batch.get(i)));
                }
            } catch (KeeperException.NoNodeException e) {
                parentsExist = false; // removed under us (a cleanup): the next append creates it again
                throw NodeReader.failure(Paths.LOGS, e);
            } catch (Exception e) {
                throw NodeReader.failure(Paths.LOGS, e);
            }
        }
        trim();
        return stored;
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

    /** Removes the oldest records beyond the limit; a concurrent trimmer may remove some first. */
    private void trim() {
        List<String> names = recordNames();
        for (int i = 0; i < names.size() - retained; i++) {
            try {
                ctx.client().delete().forPath(Paths.LOGS + "/" + names.get(i));
            } catch (KeeperException.NoNodeException e) {
                // another agent's trim removed it
            } catch (Exception e) {
                throw NodeReader.failure(Paths.LOGS, e);
            }
        }
    }

    private List<String> recordNames() {
        try {
            return ctx.client().getChildren().forPath(Paths.LOGS).stream().filter(c -> c.startsWith("log-")).sorted()
                    .toList();
        } catch (KeeperException.NoNodeException e) {
            return List.of();
        } catch (Exception e) {
            throw NodeReader.failure(Paths.LOGS, e);
        }
    }

    private void ensureParents() {
        if (parentsExist) {
            return;
        }
        try {
            ctx.client().create().creatingParentsIfNeeded().forPath(Paths.LOG_LISTENERS);
        } catch (KeeperException.NodeExistsException e) {
            // created before, by us or another agent
        } catch (Exception e) {
            throw NodeReader.failure(Paths.LOG_LISTENERS, e);
        }
        parentsExist = true;
    }

    @Override
    public List<LoggedRecord> after(long afterSequence) {
        List<LoggedRecord> records = new ArrayList<>();
        for (String child : recordNames()) {
            long sequence = sequence(child);
            if (sequence > afterSequence) {
                String path = Paths.LOGS + "/" + child;
                Map<String, Object> node = ctx.reader().optionalYamlMap(path);
                if (!node.isEmpty()) {
                    records.add(new LoggedRecord(sequence, parse(path, node)));
                }
            }
        }
        return records;
    }

    private static LogRecord parse(String path, Map<String, Object> node) {
        Fields f = new Fields(path);
        Object channel = node.get("channel");
        try {
            return new LogRecord(f.string(node.get("unit"), "unit"), channel == null ? "" : f.string(channel, "channel"),
                    f.string(node.get("level"), "level"), f.string(node.get("message"), "message"),
                    Instant.parse(f.string(node.get("timestamp"), "timestamp")));
        } catch (DateTimeParseException e) {
            throw new CorruptStateException(path, "timestamp is not an ISO-8601 instant");
        }
    }

    @Override
    public Watch watchLatest(StateWatcher<Long> watcher) {
        return new CacheWatch<>(ctx.caches(), Paths.LOGS, false,
                cache -> cache.stream().map(d -> Paths.name(d.getPath())).filter(n -> n.startsWith("log-"))
                        .mapToLong(CuratorDebugLog::sequence).max().orElse(-1L),
                new SerialDelivery<>(ctx.watchExecutor(), watcher, -1L));
    }

    @Override
    public synchronized DebugLogPublisher publisher() {
        if (publisher == null) {
            if (closed) {
                throw new IllegalStateException("the connection is closed");
            }
            publisher = QueuedDebugLogPublisher.start(this::watchEnabled, this::append);
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

    private static long sequence(String name) {
        return Long.parseLong(name.substring(name.lastIndexOf('-') + 1));
    }
}
