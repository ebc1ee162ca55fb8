package jujube.state.curator.internal;

import jujube.state.store.NodeReader;
import jujube.state.store.ParkedPresences;
import jujube.state.store.StateContext;

import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import jujube.state.AgentPresence;
import jujube.model.StateException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.nodes.PersistentNode;
import org.apache.zookeeper.CreateMode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Presence through Curator's {@link PersistentNode}: an ephemeral node that the recipe re-creates
 * after reconnection and after session expiry, which is exactly an agent's presence contract. A node
 * another handle of this connection released ({@link ParkedPresences}) is adopted rather than created.
 */
final class PresenceNode implements AgentPresence {
    private static final Logger LOG = LoggerFactory.getLogger(PresenceNode.class);
    private final PersistentNode node;
    private final String path;
    private final ParkedPresences parked;
    private final AtomicBoolean done = new AtomicBoolean();

    PresenceNode(StateContext ctx, String path, byte[] data) {
        this.path = path;
        this.parked = ctx.presences();
        PersistentNode adopted = parked.adopt(path, PersistentNode.class);
        if (adopted != null) {
            this.node = adopted;
            LOG.debug("presence {} taken over from its predecessor", path);
            if (!Arrays.equals(adopted.getData(), data)) {
                try {
                    adopted.setData(data);
                } catch (Exception e) {
                    throw NodeReader.failure(path, e);
                }
            }
            return;
        }
        this.node = new Node(ctx.client(), path, data);
        node.start();
        try {
            // callers (tests, status right after connect) expect the node once this returns; when
            // disconnected the recipe keeps trying in the background, so not waiting longer is fine
            node.waitForInitialCreate(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String path() {
        return path;
    }

    @Override
    public void reportLimits(Map<String, String> limits) {
        if (limits.size() > MAX_REPORTS || limits.values().stream().anyMatch(v -> v.length() > MAX_REPORT_CHARS)) {
            throw new IllegalArgumentException("at most " + MAX_REPORTS + " limit reports of " + MAX_REPORT_CHARS
                    + " characters each, got " + limits);
        }
        try {
            node.setData(AgentReport.encode(limits));
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
    }

    @Override
    public boolean isPresent() {
        return node.getActualPath() != null;
    }

    @Override
    public void release() {
        if (done.compareAndSet(false, true)) {
            parked.park(path, node);
        }
    }

    @Override
    public void close() {
        if (!done.compareAndSet(false, true)) {
            return;
        }
        try {
            node.close();
        } catch (IOException e) {
            throw new StateException("could not remove presence node " + path + ": " + e.getMessage(), e);
        }
    }

    /**
     * The recipe, with a removal that never waits out the connection's retry policy: the recipe's own
     * deletes in the foreground, retried for up to minutes while ZooKeeper is unreachable, which kept a
     * stopping agent from exiting for half a minute after its controller died. The node is ephemeral, so
     * the end of its session removes it anyway; the delete here is guaranteed (Curator retries it when the
     * connection is back, for as long as the client is open) and waited for only while connected.
     */
    private static final class Node extends PersistentNode {
        private static final long CONNECTED_WAIT_SECONDS = 5;
        private final CuratorFramework client;

        Node(CuratorFramework client, String path, byte[] data) {
            // no parents made: a presence lives below its unit's or machine's node, which the administrator
            // makes, and removes with the unit or machine (re-made by the agent, it would be refused anyway)
            super(client, CreateMode.EPHEMERAL, false, path, data, false);
            this.client = client;
        }

        @Override
        protected void deleteNode() throws Exception {
            String actual = getActualPath();
            if (actual == null) {
                return; // never created, or already gone with its session
            }
            CountDownLatch deleted = new CountDownLatch(1);
            client.delete().guaranteed().inBackground((c, event) -> deleted.countDown()).forPath(actual);
            if (!client.getZookeeperClient().isConnected()) {
                LOG.info("presence {}: ZooKeeper unreachable, its removal waits for the connection (or the session's end)",
                        actual);
                return;
            }
            if (!deleted.await(CONNECTED_WAIT_SECONDS, TimeUnit.SECONDS)) {
                LOG.info("presence {}: removal not confirmed yet, left to the connection", actual);
            }
        }
    }
}
