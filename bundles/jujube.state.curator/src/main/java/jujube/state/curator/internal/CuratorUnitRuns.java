package jujube.state.curator.internal;

import jujube.state.store.CacheWatch;
import jujube.state.store.Fields;
import jujube.state.store.NodeReader;
import jujube.state.store.Paths;
import jujube.state.store.SerialDelivery;
import jujube.state.store.StateContext;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import jujube.model.NoSuchUnitException;
import jujube.state.RunRequest;
import jujube.state.RunResult;
import jujube.state.StateWatcher;
import jujube.model.UnitName;
import jujube.state.UnitRuns;
import jujube.state.Watch;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;

/**
 * Run requests as ephemeral sequential nodes {@code /units/unit-N/runs/run-K}, below a container node
 * (ZooKeeper removes it once empty): the content moves from {@code pending} to {@code running} (the
 * agent's claim, compare-and-set on the node's version) to {@code done} with the result. The requester's
 * session owns the node, so a requester that dies takes its request with it.
 */
final class CuratorUnitRuns implements UnitRuns {
    private static final String RUNS = "runs";
    private static final String PENDING = "pending";
    private static final String RUNNING = "running";
    private static final String DONE = "done";
    private final StateContext ctx;

    CuratorUnitRuns(StateContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public String request(UnitName unit, String command, Duration timeout) {
        if (command.isBlank()) {
            throw new IllegalArgumentException("the command is empty");
        }
        int size = command.getBytes(StandardCharsets.UTF_8).length;
        if (size > MAX_COMMAND_BYTES) {
            throw new IllegalArgumentException("the command is " + size + " bytes long, more than " + MAX_COMMAND_BYTES);
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("the timeout must be positive, got " + timeout);
        }
        String unitPath = unitPath(unit);
        Map<String, Object> content = new LinkedHashMap<>();
        content.put("state", PENDING);
        content.put("command", command);
        content.put("timeout-ms", timeout.toMillis());
        String prefix = unitPath + "/" + RUNS + "/run-";
        if (!ctx.reader().exists(unitPath)) {
            throw new NoSuchUnitException(unit.toString());
        }
        try {
            return Paths.name(ctx.client().create().creatingParentContainersIfNeeded()
                    .withMode(CreateMode.EPHEMERAL_SEQUENTIAL).forPath(prefix, ctx.reader().bytes(content)));
        } catch (Exception e) {
            throw NodeReader.failure(prefix, e);
        }
    }

    @Override
    public Optional<RunResult> await(UnitName unit, String id, Duration timeout) throws InterruptedException {
        String path = unitPath(unit) + "/" + RUNS + "/" + id;
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            CountDownLatch changed = new CountDownLatch(1);
            byte[] data;
            try {
                data = ctx.client().getData().usingWatcher((org.apache.zookeeper.Watcher) e -> changed.countDown())
                        .forPath(path);
            } catch (KeeperException.NoNodeException e) {
                return Optional.empty();
            } catch (Exception e) {
                throw NodeReader.failure(path, e);
            }
            Map<String, Object> content = ctx.reader().parse(path, data);
            if (DONE.equals(content.get("state"))) {
                return Optional.of(result(path, content));
            }
            long left = deadline - System.nanoTime();
            if (left <= 0 || !changed.await(left, TimeUnit.NANOSECONDS)) {
                return Optional.empty();
            }
        }
    }

    @Override
    public void remove(UnitName unit, String id) {
        String path;
        try {
            path = unitPath(unit) + "/" + RUNS + "/" + id;
        } catch (NoSuchUnitException e) {
            return; // removed with its unit
        }
        try {
            ctx.client().delete().forPath(path);
        } catch (KeeperException.NoNodeException e) {
            // gone already
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
        String runs = path.substring(0, path.lastIndexOf('/'));
        try {
            // the server removes an empty container node only every minute or so: leave the unit as it was
            ctx.client().delete().forPath(runs);
        } catch (KeeperException.NotEmptyException | KeeperException.NoNodeException e) {
            // another request is pending, or it is gone already
        } catch (Exception e) {
            throw NodeReader.failure(runs, e);
        }
    }

    @Override
    public Watch watch(UnitName unit, StateWatcher<Map<String, RunRequest>> watcher) {
        String runs = actingPath(unit) + "/" + RUNS;
        Map<String, RunRequest> empty = Map.of();
        return new CacheWatch<>(ctx.caches(), runs, false, cache -> {
            Map<String, RunRequest> requests = new java.util.TreeMap<>();
            cache.stream().filter(d -> d.getPath().startsWith(runs + "/") && d.getPath().indexOf('/', runs.length() + 1) < 0)
                    .forEach(d -> {
                        Map<String, Object> content = ctx.reader().parse(d.getPath(), d.getData());
                        if (!DONE.equals(content.get("state"))) {
                            String id = Paths.name(d.getPath());
                            requests.put(id, request(d.getPath(), id, content));
                        }
                    });
            return Map.copyOf(requests);
        }, new SerialDelivery<>(ctx.watchExecutor(), watcher, empty));
    }

    @Override
    public boolean claim(UnitName unit, String id) {
        String path = actingPath(unit) + "/" + RUNS + "/" + id;
        try {
            Stat stat = new Stat();
            Map<String, Object> content = ctx.reader().parse(path, ctx.client().getData().storingStatIn(stat).forPath(path));
            if (!PENDING.equals(content.get("state"))) {
                return false;
            }
            content.put("state", RUNNING);
            ctx.client().setData().withVersion(stat.getVersion()).forPath(path, ctx.reader().bytes(content));
            return true;
        } catch (KeeperException.NoNodeException | KeeperException.BadVersionException e) {
            return false; // its requester gave up, or another claim won
        } catch (jujube.model.StateException e) {
            throw e;
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
    }

    @Override
    public boolean answer(UnitName unit, String id, RunResult result) {
        String path = actingPath(unit) + "/" + RUNS + "/" + id;
        Map<String, Object> content = new LinkedHashMap<>();
        content.put("state", DONE);
        content.put("exit-code", result.exitCode());
        content.put("stdout", result.stdout());
        content.put("stderr", result.stderr());
        content.put("error", result.error());
        try {
            ctx.client().setData().forPath(path, ctx.reader().bytes(content));
            return true;
        } catch (KeeperException.NoNodeException e) {
            return false;
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
    }

    private static RunRequest request(String path, String id, Map<String, Object> content) {
        Fields f = new Fields(path);
        Object millis = content.get("timeout-ms");
        if (!(millis instanceof Number n)) {
            throw f.corrupt("'timeout-ms' is not a number");
        }
        return new RunRequest(id, f.string(content.get("command"), "command"), Duration.ofMillis(n.longValue()),
                !PENDING.equals(content.get("state")));
    }

    private static RunResult result(String path, Map<String, Object> content) {
        Fields f = new Fields(path);
        return new RunResult(f.integer(content.get("exit-code"), "exit-code"), f.string(content.get("stdout"), "stdout"),
                f.string(content.get("stderr"), "stderr"), f.string(content.get("error"), "error"));
    }

    private String unitPath(UnitName unit) {
        return Paths.unit(ctx.topology().read().unitId(unit));
    }

    /** The unit's path, once this connection holds the unit's credentials: only it and the administrator read runs. */
    private String actingPath(UnitName unit) {
        String unitId = ctx.topology().read().unitId(unit);
        ctx.access().actFor(unitId);
        return Paths.unit(unitId);
    }
}
