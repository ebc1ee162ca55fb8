package jujube.state.store;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import jujube.model.MachineHasUnitsException;
import jujube.model.NoSuchMachineException;
import jujube.model.NoSuchUnitException;
import jujube.model.StateException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;

/**
 * The machine agent's side of what only the administrator may change but a machine agent needs changed:
 * a subordinate unit added to or removed from a container on the machine, the machine itself removed once
 * its last unit left, and what an administrator's command killed half-way left undone for a unit of the
 * machine (its credentials granted, its nodes in a relation's scope prepared). A machine may not rewrite the topology (it could then give itself any unit), so it
 * asks: a request is an ephemeral sequential node {@code /machines/machine-N/requests/request-K} of the
 * machine's session, which the controller's request broker checks against the topology (the unit's
 * container is on that machine, ...), carries out and answers in the node ({@code state: done} with a
 * {@code result} or an {@code error}). A machine agent that dies takes its request with it; one the
 * controller carried out before the agent died is seen in the state by the next pass of the agent.
 */
public final class MachineRequests {
    public static final String PENDING = "pending";
    public static final String RUNNING = "running";
    public static final String DONE = "done";
    /** How long a machine agent waits for the controller's answer. */
    static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(30);
    private final CuratorFramework client;
    private final NodeReader reader;

    public MachineRequests(CuratorFramework client, NodeReader reader) {
        this.client = client;
        this.reader = reader;
    }

    static String directory(String machineKey) {
        return Paths.MACHINES + "/" + machineKey + "/requests";
    }

    /**
     * Sends {@code request} ({@code op} and its arguments) for {@code machineKey} and waits for the answer.
     *
     * @return the answer's {@code result}
     * @throws StateException with the controller's error, or when it does not answer in time
     */
    public Map<String, Object> submit(String machineKey, Map<String, Object> request) {
        Map<String, Object> content = new LinkedHashMap<>(request);
        content.put("state", PENDING);
        String prefix = directory(machineKey) + "/request-";
        String path;
        try {
            path = client.create().creatingParentContainersIfNeeded().withMode(CreateMode.EPHEMERAL_SEQUENTIAL)
                    .forPath(prefix, reader.bytes(content));
        } catch (Exception e) {
            throw NodeReader.failure(prefix, e);
        }
        try {
            return await(path, request.get("op"));
        } finally {
            try {
                client.delete().forPath(path);
            } catch (Exception e) {
                // ephemeral: it goes with the session anyway
            }
        }
    }

    private Map<String, Object> await(String path, Object op) {
        long deadline = System.nanoTime() + ANSWER_TIMEOUT.toNanos();
        while (true) {
            CountDownLatch changed = new CountDownLatch(1);
            Map<String, Object> content;
            try {
                content = reader.parse(path, client.getData().usingWatcher((Watcher) e -> changed.countDown())
                        .forPath(path));
            } catch (KeeperException.NoNodeException e) {
                throw new StateException("request " + op + " (" + path + ") vanished before its answer: this"
                        + " machine agent's session ended");
            } catch (StateException e) {
                throw e;
            } catch (Exception e) {
                throw NodeReader.failure(path, e);
            }
            if (DONE.equals(content.get("state"))) {
                return answer(path, op, content);
            }
            long left = deadline - System.nanoTime();
            try {
                if (left <= 0 || !changed.await(left, TimeUnit.NANOSECONDS)) {
                    throw new StateException("the controller did not answer request " + op + " (" + path + ") within "
                            + ANSWER_TIMEOUT.toSeconds() + " s: is it running?");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StateException("interrupted while waiting for the answer to request " + op);
            }
        }
    }

    private static Map<String, Object> answer(String path, Object op, Map<String, Object> content) {
        Fields f = new Fields(path);
        Object error = content.get("error");
        if (error != null) {
            String message = f.string(error, "error");
            Object kind = content.get("kind");
            if ("no-such-unit".equals(kind)) {
                throw new NoSuchUnitException(f.string(content.get("subject"), "subject"));
            }
            if ("no-such-machine".equals(kind)) {
                throw new NoSuchMachineException(f.integer(content.get("subject"), "subject"));
            }
            if ("machine-has-units".equals(kind)) {
                java.util.List<jujube.model.UnitName> units = new java.util.ArrayList<>();
                f.list(content.get("units"), "units").forEach(u -> units.add(jujube.model.UnitName.parse(f.string(u, "units[]"))));
                throw new MachineHasUnitsException(f.integer(content.get("subject"), "subject"), units);
            }
            throw new StateException("the controller refused request " + op + ": " + message);
        }
        return f.map(content.get("result"), "result");
    }
}
