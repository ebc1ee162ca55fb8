package jujube.state.internal;

import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import jujube.state.Presence;
import jujube.state.StateException;
import org.apache.curator.framework.recipes.nodes.PersistentNode;
import org.apache.zookeeper.CreateMode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Presence through Curator's {@link PersistentNode}: an ephemeral node that the recipe re-creates
 * after reconnection and after session expiry, which is exactly an agent's presence contract. A node
 * another handle of this connection released ({@link ParkedPresences}) is adopted rather than created.
 */
final class PresenceNode implements Presence {
    private static final Logger LOG = LoggerFactory.getLogger(PresenceNode.class);
    private final PersistentNode node;
    private final String path;
    private final ParkedPresences parked;
    private final AtomicBoolean done = new AtomicBoolean();

    PresenceNode(StateContext ctx, String path, byte[] data) {
        this.path = path;
        this.parked = ctx.presences();
        PersistentNode adopted = parked.adopt(path);
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
        this.node = new PersistentNode(ctx.client(), CreateMode.EPHEMERAL, false, path, data);
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
}
