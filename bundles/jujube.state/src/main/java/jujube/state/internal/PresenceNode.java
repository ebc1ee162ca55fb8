package jujube.state.internal;

import java.io.IOException;
import jujube.state.Presence;
import jujube.state.StateException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.nodes.PersistentNode;
import org.apache.zookeeper.CreateMode;

/**
 * Presence through Curator's {@link PersistentNode}: an ephemeral node that the recipe re-creates
 * after reconnection and after session expiry, which is exactly an agent's presence contract.
 */
final class PresenceNode implements Presence {
    private final PersistentNode node;
    private final String path;

    PresenceNode(CuratorFramework client, String path, byte[] data) {
        this.path = path;
        this.node = new PersistentNode(client, CreateMode.EPHEMERAL, false, path, data);
        node.start();
        try {
            // callers (tests, status right after connect) expect the node once this returns; when
            // disconnected the recipe keeps trying in the background, so not waiting longer is fine
            node.waitForInitialCreate(5, java.util.concurrent.TimeUnit.SECONDS);
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
    public void close() {
        try {
            node.close();
        } catch (IOException e) {
            throw new StateException("could not remove presence node " + path + ": " + e.getMessage(), e);
        }
    }
}
