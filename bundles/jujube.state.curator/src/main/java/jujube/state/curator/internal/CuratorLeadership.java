package jujube.state.curator.internal;

import jujube.state.store.Paths;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import jujube.state.Leadership;
import jujube.state.LeadershipListener;
import jujube.model.StateException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.leader.LeaderLatch;
import org.apache.curator.framework.recipes.leader.LeaderLatchListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Leadership through Curator's {@link LeaderLatch} under {@code /leadership/<name>}: the latch gives
 * up leadership when the session is lost and competes again after reconnection.
 */
final class CuratorLeadership implements Leadership {
    private static final Logger LOG = LoggerFactory.getLogger(CuratorLeadership.class);
    private final String name;
    private final LeaderLatch latch;
    private final List<LeadershipListener> listeners = new CopyOnWriteArrayList<>();

    CuratorLeadership(CuratorFramework client, String name) {
        if (name == null || !name.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("invalid leadership name '" + name + "'");
        }
        this.name = name;
        this.latch = new LeaderLatch(client, Paths.LEADERSHIP + "/" + name);
        latch.addListener(listener(this::publish));
        try {
            latch.start();
        } catch (Exception e) {
            throw new StateException("cannot stand in election " + name + ": " + e.getMessage(), e);
        }
    }

    /** A latch's listener telling {@code publish} of each gain (true) and loss (false). */
    static LeaderLatchListener listener(java.util.function.Consumer<Boolean> publish) {
        return new LeaderLatchListener() {
            @Override
            public void isLeader() {
                publish.accept(true);
            }

            @Override
            public void notLeader() {
                publish.accept(false);
            }
        };
    }

    private void publish(boolean leader) {
        LOG.info("{} leadership of {}", leader ? "gained" : "lost", name);
        for (LeadershipListener l : listeners) {
            try {
                l.leadershipChanged(leader);
            } catch (RuntimeException e) {
                LOG.warn("leadership listener {} of {} failed", l, name, e);
            }
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean isLeader() {
        return latch.hasLeadership();
    }

    @Override
    public void addListener(LeadershipListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(LeadershipListener listener) {
        listeners.remove(listener);
    }

    @Override
    public void close() {
        try {
            latch.close(LeaderLatch.CloseMode.SILENT);
        } catch (IllegalStateException e) {
            // already closed: closing twice is allowed
        } catch (IOException e) {
            throw new StateException("cannot leave election " + name + ": " + e.getMessage(), e);
        }
    }
}
