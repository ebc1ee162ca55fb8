package jujube.state.curator.internal;

import java.io.Closeable;
import java.io.IOException;
import jujube.model.StateException;
import jujube.state.LeadershipListener;
import jujube.state.ServiceLeadership;
import jujube.state.store.ParkedPresences;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.leader.LeaderLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One unit's candidacy in its service's election: a Curator {@link LeaderLatch} whose node holds the
 * unit's name. Curator drops the lead as soon as the connection is suspended, before the session is
 * even lost, and stands again with a new node once a session is back; its listener is the current
 * owner's, so a successor campaign adopting a released one (a bundle update) hears the changes from then
 * on.
 */
final class LatchCampaign implements Closeable {
    private static final Logger LOG = LoggerFactory.getLogger(LatchCampaign.class);
    private final String unit;
    private final String key;
    private final LeaderLatch latch;
    private final ParkedPresences parked;
    private volatile LeadershipListener listener;

    private LatchCampaign(CuratorFramework client, String unit, String dir, ParkedPresences parked) {
        this.unit = unit;
        this.key = dir + "#" + unit;
        this.parked = parked;
        this.latch = new LeaderLatch(client, dir, unit, LeaderLatch.CloseMode.SILENT);
        latch.addListener(CuratorLeadership.listener(this::publish));
    }

    /** The unit's campaign: the one it released in this process if still parked, or a new one. */
    static LatchCampaign stand(CuratorFramework client, String unit, String dir, ParkedPresences parked,
            LeadershipListener listener) {
        LatchCampaign adopted = parked.adopt(dir + "#" + unit, LatchCampaign.class);
        if (adopted != null) {
            adopted.listener = listener;
            LOG.info("unit {} keeps its candidacy {} (leading: {})", unit, adopted.latch.getOurPath(),
                    adopted.latch.hasLeadership());
            if (adopted.latch.hasLeadership()) {
                listener.leadershipChanged(true);
            }
            return adopted;
        }
        LatchCampaign campaign = new LatchCampaign(client, unit, dir, parked);
        campaign.listener = listener;
        try {
            campaign.latch.start();
        } catch (Exception e) {
            throw new StateException("unit " + unit + " cannot stand for leadership: " + e.getMessage(), e);
        }
        return campaign;
    }

    private void publish(boolean leader) {
        LOG.info("unit {} {} the leadership of its service", unit, leader ? "gained" : "lost");
        LeadershipListener current = listener;
        if (current == null) {
            return;
        }
        try {
            current.leadershipChanged(leader);
        } catch (RuntimeException e) {
            LOG.warn("leadership listener of {} failed", unit, e);
        }
    }

    /** The candidacy's node, without the namespace; null before it is created. */
    String ourPath() {
        return latch.getOurPath();
    }

    /** Whether the latch believes it leads: never after a suspension until a session confirms it again. */
    boolean believesLeading() {
        return latch.getState() == LeaderLatch.State.STARTED && latch.hasLeadership();
    }

    boolean isClosed() {
        return latch.getState() == LeaderLatch.State.CLOSED;
    }

    /** Parks the candidacy for a successor, which the grace period ends otherwise. */
    void release() {
        listener = null;
        parked.park(key, this);
    }

    @Override
    public void close() {
        listener = null;
        try {
            latch.close();
        } catch (IllegalStateException e) {
            // closed already
        } catch (IOException e) {
            LOG.warn("unit {} could not withdraw its candidacy: {}", unit, e.toString());
        }
    }
}
