package jujube.state.curator.internal;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentMap;
import jujube.model.NotLeaderException;
import jujube.model.StateException;
import jujube.model.UnitName;
import jujube.state.ConcurrentUpdateException;
import jujube.state.LeadershipListener;
import jujube.state.ServiceLeadership;
import jujube.state.StateWatcher;
import jujube.state.Watch;
import jujube.state.store.CacheWatch;
import jujube.state.store.NodeReader;
import jujube.state.store.Paths;
import jujube.state.store.SerialDelivery;
import jujube.state.store.StateContext;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.OpResult;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A unit's part in its service's election ({@code /services/service-N/leadership}) and the service's
 * leader settings ({@code /services/service-N/leader-settings}). The candidacies of this connection's
 * units live in one map, the connection's, so that the hook tools of a unit ask the campaign its agent
 * runs.
 */
final class CuratorServiceLeadership implements ServiceLeadership {
    private static final Logger LOG = LoggerFactory.getLogger(CuratorServiceLeadership.class);
    /** How a latch names its candidacies, before the sequence number ZooKeeper appends. */
    private static final String LATCH = "latch-";
    private static final int ATTEMPTS = 100;
    private final StateContext ctx;
    private final UnitName unit;
    private final ConcurrentMap<UnitName, LatchCampaign> campaigns;
    /** The unit's and its service's ids, read at the first use: a handle of a removed unit is made all the same. */
    private volatile String unitId;
    private volatile String dir;
    private volatile String settingsPath;
    private volatile String statusPath;

    CuratorServiceLeadership(StateContext ctx, UnitName unit, ConcurrentMap<UnitName, LatchCampaign> campaigns) {
        this.ctx = ctx;
        this.unit = unit;
        this.campaigns = campaigns;
    }

    private void resolve() {
        if (unitId == null) {
            var t = ctx.topology().read();
            String serviceId = t.serviceId(unit.service());
            dir = Paths.serviceLeadership(serviceId);
            settingsPath = Paths.leaderSettings(serviceId);
            statusPath = Paths.applicationStatus(serviceId);
            unitId = t.unitId(unit);
        }
    }

    @Override
    public Campaign campaign(LeadershipListener listener) {
        resolve();
        ctx.access().actFor(unitId);
        requireElection();
        LatchCampaign campaign = LatchCampaign.stand(ctx.client(), unit.toString(), dir, ctx.presences(), listener);
        LatchCampaign previous = campaigns.put(unit, campaign);
        if (previous != null && previous != campaign) {
            previous.close(); // a second campaign of the unit replaces the first
        }
        return new Campaign() {
            @Override
            public void close() {
                campaigns.remove(unit, campaign);
                campaign.close();
            }

            @Override
            public void release() {
                if (campaigns.remove(unit, campaign)) {
                    campaign.release();
                }
            }
        };
    }

    /** A service deployed before services had elections has no directory for one, nor can a unit make it. */
    private void requireElection() {
        if (!ctx.reader().exists(dir)) {
            throw new StateException("service " + unit.service() + " has no leader election: it was deployed by an "
                    + "older version of Jujube; redeploy it to elect leaders");
        }
    }

    @Override
    public OptionalLong confirmedTerm() {
        LatchCampaign campaign = campaigns.get(unit);
        if (campaign == null || !campaign.believesLeading() || campaign.ourPath() == null) {
            return OptionalLong.empty();
        }
        resolve();
        String ours = ZKPaths.getNodeFromPath(campaign.ourPath());
        try {
            // the bare client: an answer now or none, never Curator's patient retries
            List<String> candidates = ctx.client().getZookeeperClient().getZooKeeper().getChildren(full(dir), false);
            Optional<String> first = oldest(candidates);
            if (first.isPresent() && first.get().equals(ours)) {
                return OptionalLong.of(sequence(ours));
            }
            return OptionalLong.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OptionalLong.empty();
        } catch (Exception e) {
            LOG.info("unit {}: cannot confirm its leadership, so it does not lead: {}", unit, e.toString());
            return OptionalLong.empty();
        }
    }

    @Override
    public Optional<UnitName> leader() {
        resolve();
        return leaderOf(ctx.client(), dir);
    }

    /** The unit whose candidacy is the oldest in the election {@code dir}: the leader. */
    static Optional<UnitName> leaderOf(CuratorFramework client, String dir) {
        try {
            for (int attempt = 0; attempt < 3; attempt++) {
                Optional<String> first = oldest(client.getChildren().forPath(dir));
                if (first.isEmpty()) {
                    return Optional.empty();
                }
                try {
                    byte[] data = client.getData().forPath(dir + "/" + first.get());
                    return Optional.of(UnitName.parse(new String(data, java.nio.charset.StandardCharsets.UTF_8)));
                } catch (KeeperException.NoNodeException gone) {
                    // the leader left between the listing and the read: ask again
                }
            }
            return Optional.empty();
        } catch (KeeperException.NoNodeException noElection) {
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            throw new StateException("election " + dir + " names no unit: " + e.getMessage());
        } catch (Exception e) {
            throw NodeReader.failure(dir, e);
        }
    }

    /**
     * Deletes the candidacies of {@code units} in the election {@code dir}. A unit's candidacy is an
     * ephemeral node of its machine's session, which lives on when the unit is removed; its agent, retiring,
     * withdraws it, but only while the unit's rights last, and the removal revokes them first. Left, the
     * candidacy of a unit that no longer exists would lead its service for as long as its machine runs.
     */
    static void withdraw(CuratorFramework client, String dir, java.util.Set<UnitName> units) {
        try {
            for (String candidacy : client.getChildren().forPath(dir)) {
                String path = dir + "/" + candidacy;
                try {
                    String name = new String(client.getData().forPath(path), java.nio.charset.StandardCharsets.UTF_8);
                    if (units.stream().anyMatch(u -> u.toString().equals(name))) {
                        client.delete().forPath(path);
                    }
                } catch (KeeperException.NoNodeException gone) {
                    // withdrawn meanwhile
                }
            }
        } catch (KeeperException.NoNodeException noElection) {
            // a service deployed before services had elections, or removed meanwhile
        } catch (Exception e) {
            throw NodeReader.failure(dir, e);
        }
    }

    private static Optional<String> oldest(List<String> children) {
        return children.stream().filter(c -> c.contains(LATCH))
                .min(Comparator.comparing(CuratorServiceLeadership::sequenceText));
    }

    private static String sequenceText(String node) {
        return node.substring(node.lastIndexOf(LATCH) + LATCH.length());
    }

    private static long sequence(String node) {
        return Long.parseLong(sequenceText(node));
    }

    private String full(String path) {
        String namespace = ctx.client().getNamespace();
        return namespace == null || namespace.isEmpty() ? path : ZKPaths.makePath(namespace, path);
    }

    @Override
    public Map<String, String> settings() {
        resolve();
        ctx.access().actFor(unitId);
        return text(ctx.reader().parse(settingsPath, read(settingsPath)));
    }

    private byte[] read(String path) {
        try {
            return ctx.client().getData().forPath(path);
        } catch (KeeperException.NoNodeException e) {
            return null;
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
    }

    private static Map<String, String> text(Map<String, Object> content) {
        Map<String, String> text = new TreeMap<>();
        content.forEach((k, v) -> {
            if (v != null) {
                text.put(k, String.valueOf(v));
            }
        });
        return java.util.Collections.unmodifiableMap(text);
    }

    @Override
    public void mergeSettings(Map<String, String> changes) {
        resolve();
        Map<String, String> deletions = new java.util.LinkedHashMap<>(changes);
        deletions.replaceAll((k, v) -> v == null || v.isEmpty() ? null : v); // leader-set key= deletes
        guardedUpdate(settingsPath, "leader settings", content -> jujube.model.SettingsChanges.applyTo(content, deletions));
    }

    @Override
    public Optional<jujube.model.WorkloadStatus> applicationStatus() {
        resolve();
        ctx.access().actFor(unitId);
        return WorkloadNodes.status(statusPath, ctx.reader().parse(statusPath, read(statusPath)));
    }

    @Override
    public void setApplicationStatus(jujube.model.WorkloadStatus status) {
        resolve();
        guardedUpdate(statusPath, "application status", content -> WorkloadNodes.put(content, status));
    }

    /**
     * Changes the map at {@code path} in one transaction with the check that this unit's candidacy exists,
     * after confirming that it leads: the lead is kept while the candidacy exists, since no older one can
     * appear after it.
     */
    Map<String, Object> guardedUpdate(String path, String what, java.util.function.Consumer<Map<String, Object>> change) {
        resolve();
        ctx.access().actFor(unitId);
        LatchCampaign campaign = campaigns.get(unit);
        String candidacy = campaign == null ? null : campaign.ourPath();
        if (candidacy == null || confirmedTerm().isEmpty()) {
            throw new NotLeaderException(unit.toString());
        }
        CuratorFramework client = ctx.client();
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            Stat stat = new Stat();
            byte[] old;
            try {
                old = client.getData().storingStatIn(stat).forPath(path);
            } catch (KeeperException.NoNodeException e) {
                throw new StateException("service " + unit.service() + " has no " + what + ": it was made by "
                        + "an older version of Jujube");
            } catch (Exception e) {
                throw NodeReader.failure(path, e);
            }
            Map<String, Object> content = ctx.reader().parse(path, old);
            Map<String, Object> before = java.util.Collections.unmodifiableMap(new TreeMap<>(content));
            change.accept(content);
            byte[] updated = ctx.reader().bytes(path, content);
            if (updated.length > MAX_SETTINGS_BYTES) {
                throw new jujube.model.SettingsTooLargeException(what + " of " + unit.service(), MAX_SETTINGS_BYTES);
            }
            try {
                client.transaction().forOperations(
                        client.transactionOp().check().forPath(candidacy),
                        client.transactionOp().setData().withVersion(stat.getVersion()).forPath(path, updated));
                return before;
            } catch (KeeperException e) {
                List<OpResult> results = e.getResults();
                if (results != null && !results.isEmpty() && results.get(0) instanceof OpResult.ErrorResult check
                        && check.getErr() != 0) {
                    throw new NotLeaderException(unit.toString());
                }
                if (!(e instanceof KeeperException.BadVersionException)) {
                    throw NodeReader.failure(path, e);
                }
                // another write between the read and the transaction: read again
            } catch (Exception e) {
                throw NodeReader.failure(path, e);
            }
        }
        throw new ConcurrentUpdateException(path, ATTEMPTS);
    }

    @Override
    public Watch watchSettings(StateWatcher<Map<String, String>> watcher) {
        resolve();
        ctx.access().actFor(unitId);
        return new CacheWatch<>(ctx.caches(), settingsPath, true,
                cache -> text(cache.get(settingsPath).map(d -> ctx.reader().parse(settingsPath, d.getData()))
                        .orElse(Map.of())),
                new SerialDelivery<>(ctx.watchExecutor(), watcher, Map.of()));
    }
}
