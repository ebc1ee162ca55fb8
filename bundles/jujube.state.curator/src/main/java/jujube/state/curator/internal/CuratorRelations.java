package jujube.state.curator.internal;

import jujube.state.store.NodeBatch;
import jujube.state.store.NodeReader;
import jujube.state.store.Paths;
import jujube.state.store.RelationScopePaths;
import jujube.state.store.StateContext;
import jujube.state.store.Topology;
import jujube.state.store.TopologyAdditions;
import jujube.state.store.TopologyChanges;
import jujube.state.store.TopologyLayout;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.state.Relations;
import jujube.state.StateWatcher;
import jujube.model.UnitName;
import jujube.state.UnitRelation;
import jujube.state.Watch;
import jujube.state.store.TopologyEntries.EndpointEntry;
import jujube.state.store.TopologyEntries.RelationEntry;

/** Relations: the topology says who is related; {@code /relations/relation-N} holds scope membership and settings. */
final class CuratorRelations implements Relations {
    /** Unit relations kept resolved: a machine's units in a few relations each, with room to spare. */
    static final int RESOLVED_CAPACITY = 4096;
    private final StateContext ctx;
    /** The connection's campaigns: an application bag is written by its service's leader only. */
    private final java.util.concurrent.ConcurrentMap<UnitName, LatchCampaign> campaigns;
    /**
     * A unit's side of a relation as last resolved, by relation and unit (guarded by itself, least recently
     * used first). What a resolution reads never changes while the relation and the unit exist (ids are
     * never reused; a relation's services, their roles and its scope, a unit's service and container are
     * fixed), so a later lookup only checks that both still exist, in one request: every hook tool's
     * {@code relation-get} and every hook's flush looks its relation up.
     */
    private final Map<Resolved, CuratorUnitRelation> resolved = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Resolved, CuratorUnitRelation> eldest) {
            return size() > RESOLVED_CAPACITY;
        }
    };

    private record Resolved(String relationId, UnitName unit) {}

    CuratorRelations(StateContext ctx, java.util.concurrent.ConcurrentMap<UnitName, LatchCampaign> campaigns) {
        this.ctx = ctx;
        this.campaigns = campaigns;
    }

    @Override
    public RelationInfo add(String interfaceName, RelationScope scope, List<RelationEndpoint> endpoints) {
        // a global scope is made whole with the relation; a container's, for the units there are, after it: a
        // command cut short there is made good by the controller when an agent asks for it (prepare-scope)
        return ctx.transactions().run("adding a relation over '" + interfaceName + "'",
                (t, draft) -> TopologyAdditions.relation(t, draft, interfaceName, scope, endpoints),
                (t, relation) -> {
                    if (scope != RelationScope.GLOBAL) {
                        ctx.relationAccess().prepare(t, relation.id());
                    }
                });
    }

    static RelationInfo info(Topology t, String id, RelationEntry r) {
        List<RelationEndpoint> endpoints = new ArrayList<>();
        r.services().forEach((sid, e) -> endpoints.add(new RelationEndpoint(t.service(sid).name(), e.name(), e.role())));
        endpoints.sort((a, b) -> a.serviceName().compareTo(b.serviceName()));
        return new RelationInfo(id, r.interfaceName(), r.scope(), endpoints);
    }

    @Override
    public RelationInfo get(String relationId) {
        Topology t = ctx.topology().read();
        return info(t, relationId, t.relation(relationId));
    }

    @Override
    public List<RelationInfo> list() {
        Topology t = ctx.topology().read();
        List<RelationInfo> result = new ArrayList<>();
        t.services(); // every relation names services: read them in one batch
        t.relations().forEach((id, r) -> result.add(info(t, id, r)));
        return result;
    }

    @Override
    public List<RelationInfo> ofService(String serviceName) {
        Topology t = ctx.topology().read();
        String sid = t.serviceId(serviceName);
        List<RelationInfo> result = new ArrayList<>();
        t.relations(t.relationsOfService(sid)).forEach((id, r) -> result.add(info(t, id, r)));
        return result;
    }

    @Override
    public void remove(String relationId) {
        ctx.topology().update(t -> {
            TopologyChanges.removeRelation(t, relationId);
            return null;
        });
        // beyond the original, which left relation nodes behind for ever
        ctx.deleteTree(Paths.relation(relationId));
    }

    @Override
    public UnitRelation of(String relationId, UnitName unit) {
        Resolved key = new Resolved(relationId, unit);
        CuratorUnitRelation known;
        synchronized (resolved) {
            known = resolved.get(key);
        }
        if (known != null) {
            NodeBatch batch = new NodeBatch(ctx.client());
            CompletableFuture<Boolean> relation = batch.exists(TopologyLayout.relation(relationId));
            CompletableFuture<Boolean> member = batch.exists(TopologyLayout.unit(known.unitId()));
            batch.await();
            if (relation.join() && member.join()) {
                ctx.access().actFor(known.unitId());
                return known;
            }
            synchronized (resolved) {
                resolved.remove(key); // gone: the full lookup says how
            }
        }
        CuratorUnitRelation found = resolve(relationId, unit);
        synchronized (resolved) {
            resolved.put(key, found);
        }
        return found;
    }

    private CuratorUnitRelation resolve(String relationId, UnitName unit) {
        Topology t = ctx.topology().read();
        // two requests, not one per node: every hook tool call and every hook's flush asks for this
        t.prefetchNames(List.of(unit), List.of(TopologyLayout.relation(relationId)));
        RelationEntry r = t.relation(relationId);
        String unitId = t.unitId(unit);
        List<String> next = new ArrayList<>(List.of(TopologyLayout.unit(unitId)));
        r.services().keySet().forEach(serviceId -> next.add(TopologyLayout.service(serviceId)));
        t.nodes().prefetch(next);
        EndpointEntry endpoint = r.services().get(t.serviceOfUnit(unitId));
        if (endpoint == null) {
            throw new jujube.model.StateException("unit " + unit + " is not in relation " + relationId);
        }
        RelationRole role = endpoint.role();
        RelationScopePaths paths = RelationScopePaths.forUnit(relationId, r.scope(), unitId, t.unit(unitId).container());
        ctx.access().actFor(unitId); // it writes as the unit, and reads the related units' settings as its service
        Map<String, String> serviceIds = new java.util.TreeMap<>();
        r.services().keySet().forEach(serviceId -> serviceIds.put(t.service(serviceId).name(), serviceId));
        return new CuratorUnitRelation(ctx, info(t, relationId, r), unit, unitId, role, paths, serviceIds,
                new CuratorServiceLeadership(ctx, unit, campaigns));
    }

    @Override
    public boolean everExisted(String relationId) {
        if (!relationId.matches("relation-[0-9]{10}")) {
            return false;
        }
        long number = Long.parseLong(relationId.substring("relation-".length()));
        org.apache.zookeeper.data.Stat stat;
        try {
            stat = ctx.client().checkExists().forPath(Paths.RELATIONS);
        } catch (Exception e) {
            throw NodeReader.failure(Paths.RELATIONS, e);
        }
        // a relation's id is its parent's child version when it was made (TransactionDraft): always below it
        return stat != null && number < stat.getCversion();
    }

    @Override
    public int migrateScopeMembership() {
        return new ScopeMembershipMigration(ctx).run();
    }

    /**
     * The membership and settings nodes of these units in every relation of their services, as {@code t}
     * lays them out: what leaves with the units when they are removed.
     */
    static List<String> memberships(Topology t, List<String> unitIds) {
        List<String> paths = new ArrayList<>();
        for (String unitId : unitIds) {
            for (String relationId : t.relationsOfService(t.serviceOfUnit(unitId))) {
                RelationEntry r = t.relation(relationId);
                EndpointEntry endpoint = r.services().get(t.serviceOfUnit(unitId));
                RelationScopePaths scope = RelationScopePaths.forUnit(relationId, r.scope(), unitId, t.unit(unitId).container());
                paths.add(scope.member(endpoint.role(), unitId));
                paths.add(scope.settings(unitId)); // nobody reads a removed unit's settings: its ACL named it
            }
        }
        return paths;
    }

    @Override
    public Watch watch(StateWatcher<Set<String>> watcher) {
        return ctx.watchTopology(TopologyLayout.RELATIONS, StateContext.childOf(TopologyLayout.RELATIONS),
                t -> Set.copyOf(t.relations().keySet()), Set.of(), watcher);
    }
}
