package jujube.state.internal;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jujube.state.DebugLog;
import jujube.state.LogRecord;
import jujube.state.LoggedRecord;
import jujube.state.StateWatcher;
import jujube.state.Watch;
import org.apache.zookeeper.KeeperException;

/** The debug log: sequence nodes {@code /logs/log-N}; the on/off flag is {@code debug-log} in {@code /settings}. */
final class CuratorDebugLog implements DebugLog {
    private static final String FLAG = "debug-log";
    private static final String PREFIX = Paths.LOGS + "/log-";
    private final StateContext ctx;

    CuratorDebugLog(StateContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public boolean isEnabled() {
        return Boolean.TRUE.equals(ctx.reader().optionalYamlMap(Paths.SETTINGS).get(FLAG));
    }

    @Override
    public void setEnabled(boolean enabled) {
        ctx.nodes().update(Paths.SETTINGS, null, content -> content.put(FLAG, enabled));
    }

    @Override
    public LoggedRecord append(LogRecord record) {
        if (!isEnabled()) {
            return null;
        }
        Map<String, Object> content = new LinkedHashMap<>();
        content.put("unit", record.unit());
        content.put("level", record.level());
        content.put("message", record.message());
        content.put("timestamp", record.timestamp().toString());
        try {
            // /logs is created on first use: environments initialized before the log existed have none
            ctx.client().createContainers(Paths.LOGS);
        } catch (Exception e) {
            throw NodeReader.failure(Paths.LOGS, e);
        }
        String id = ctx.createSequential(PREFIX, ctx.reader().bytes(content));
        return new LoggedRecord(sequence(id), record);
    }

    @Override
    public List<LoggedRecord> after(long afterSequence) {
        List<String> children;
        try {
            children = ctx.client().getChildren().forPath(Paths.LOGS);
        } catch (KeeperException.NoNodeException e) {
            return List.of();
        } catch (Exception e) {
            throw NodeReader.failure(Paths.LOGS, e);
        }
        List<LoggedRecord> records = new ArrayList<>();
        for (String child : children.stream().filter(c -> c.startsWith("log-")).sorted().toList()) {
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
        try {
            return new LogRecord(f.string(node.get("unit"), "unit"), f.string(node.get("level"), "level"),
                    f.string(node.get("message"), "message"), Instant.parse(f.string(node.get("timestamp"), "timestamp")));
        } catch (DateTimeParseException e) {
            throw new jujube.state.CorruptStateException(path, "timestamp is not an ISO-8601 instant");
        }
    }

    @Override
    public Watch watchLatest(StateWatcher<Long> watcher) {
        return new CacheWatch<>(ctx.caches(), Paths.LOGS, false,
                cache -> cache.stream().map(d -> Paths.name(d.getPath())).filter(n -> n.startsWith("log-"))
                        .mapToLong(CuratorDebugLog::sequence).max().orElse(-1L),
                new SerialDelivery<>(ctx.watchExecutor(), watcher, -1L));
    }

    private static long sequence(String name) {
        return Long.parseLong(name.substring(name.lastIndexOf('-') + 1));
    }
}
