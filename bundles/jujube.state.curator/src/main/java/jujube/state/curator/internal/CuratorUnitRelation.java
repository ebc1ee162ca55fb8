package jujube.state.curator.internal;

import jujube.state.store.NodeBatch;
import jujube.state.store.NodeReader;
import jujube.state.store.Paths;
import jujube.state.store.RelationScopePaths;
import jujube.state.store.SerialDelivery;
import jujube.state.store.StateContext;
import jujube.state.store.TopologyLayout;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import jujube.model.RelationInfo;
import jujube.model.RelationRole;
import jujube.model.RelationSettings;
import jujube.model.StateException;
import jujube.state.StateWatcher;
import jujube.model.UnitName;
import jujube.state.UnitRelation;
import jujube.state.Watch;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.OpResult;
import org.apache.zookeeper.data.Stat;

/** One unit's side of one relation, its paths fixed by {@link RelationScopePaths}. */
final class CuratorUnitRelation implements UnitRelation {
    private static final String ADDRESS = "private-address";
    /** A settings node not written yet. */
    private static final RelationSettings NO_SETTINGS = new RelationSettings(Map.of(), -1);
    private final StateContext ctx;
    private final RelationInfo relation;
    private final UnitName unit;
    private final String unitId;
    private final RelationRole role;
    private final RelationScopePaths paths;
    /**
     * Related units' ids by name, as looked up. A unit's name and id go together for the unit's life (a
     * removed unit's number is never given again; a service of the same name is a new service with new
     * units), so a later read only checks that the unit still exists, with its settings, in one request.
     */
    private final Map<UnitName, String> relatedIds = new ConcurrentHashMap<>();

    /** The relation's services' ids, by name: whose application bags there are. */
    private final Map<String, String> serviceIds;
    private final CuratorServiceLeadership leadership;

    CuratorUnitRelation(StateContext ctx, RelationInfo relation, UnitName unit, String unitId, RelationRole role,
            RelationScopePaths paths, Map<String, String> serviceIds, CuratorServiceLeadership leadership) {
        this.serviceIds = Map.copyOf(serviceIds);
        this.leadership = leadership;
        this.ctx = ctx;
        this.relation = relation;
        this.unit = unit;
        this.unitId = unitId;
        this.role = role;
        this.paths = paths;
    }

    @Override
    public RelationInfo relation() {
        return relation;
    }

    @Override
    public UnitName unit() {
        return unit;
    }

    @Override
    public RelationRole role() {
        return role;
    }

    @Override
    public void enterScope() {
        if (!ctx.access().isAdmin() && !ctx.reader().exists(paths.settings(unitId))) {
            // the administrator prepares a unit's nodes in a relation; one whose command was cut short
            // before it did leaves a unit that may not make them: the controller checks and prepares them
            ctx.requests().submit(ctx.access().machine().orElseThrow(),
                    Map.of("op", "prepare-scope", "relation", relation.id(), "unit", unitId));
        }
        String address = privateAddress();
        // a re-entry keeps the settings of the earlier membership, but the address may have changed
        ctx.nodes().update(paths.settings(unitId), null, content -> content.put(ADDRESS, address));
        createMember(ctx, paths.member(role, unitId), unit);
    }

    /**
     * Creates a membership node unless it exists: persistent, so that it outlives the session of the
     * agent that made it; the parents too, as a container's scope appears with its first member.
     */
    static boolean createMember(StateContext ctx, String path, UnitName unit) {
        try {
            ctx.client().create().creatingParentsIfNeeded().forPath(path, ctx.reader().bytes(Map.of("name", unit.toString())));
            return true;
        } catch (KeeperException.NodeExistsException already) {
            return false; // entered before: membership is not refreshed, so watchers see nothing
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
    }

    @Override
    public void leaveScope() {
        String path = paths.member(role, unitId);
        try {
            ctx.client().delete().guaranteed().forPath(path);
        } catch (KeeperException.NoNodeException e) {
            // left already, or removed with the unit or the relation
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
    }

    @Override
    public boolean inScope() {
        String path = paths.member(role, unitId);
        try {
            return ctx.client().checkExists().forPath(path) != null;
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
    }

    private String privateAddress() {
        Map<String, Object> node = ctx.reader().yamlMap(Paths.unit(unitId));
        Object address = node.get(ADDRESS);
        if (address == null && !paths.containerUnitId().equals(unitId)) {
            // a subordinate shares its principal's network: it uses the principal's address
            address = ctx.reader().yamlMap(Paths.unit(paths.containerUnitId())).get(ADDRESS);
        }
        if (address == null || String.valueOf(address).isEmpty()) {
            throw new StateException("unit " + unit + " has no private address yet: it cannot join " + relation.id());
        }
        return String.valueOf(address);
    }

    @Override
    public RelationSettings settings() {
        return read(paths.settings(unitId));
    }

    @Override
    public RelationSettings settingsOf(UnitName remote) {
        String known = relatedIds.get(remote);
        if (known != null) {
            NodeBatch batch = new NodeBatch(ctx.client());
            CompletableFuture<Boolean> exists = batch.exists(TopologyLayout.unit(known));
            CompletableFuture<OpResult.GetDataResult> node = batch.node(paths.settings(known));
            batch.await();
            if (exists.join()) {
                OpResult.GetDataResult found = node.join();
                return found == null ? NO_SETTINGS : settings(paths.settings(known), found.getData(), found.getStat());
            }
            relatedIds.remove(remote); // removed: the full lookup says so
        }
        String id = ctx.topology().read().unitId(remote);
        if (relatedIds.size() >= CuratorRelations.RESOLVED_CAPACITY) {
            relatedIds.clear(); // a relation of thousands read through one unit: start over rather than grow
        }
        relatedIds.put(remote, id);
        return read(paths.settings(id));
    }

    private RelationSettings read(String path) {
        try {
            Stat stat = new Stat();
            return settings(path, ctx.client().getData().storingStatIn(stat).forPath(path), stat);
        } catch (KeeperException.NoNodeException e) {
            return NO_SETTINGS;
        } catch (StateException e) {
            throw e;
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
    }

    private RelationSettings settings(String path, byte[] data, Stat stat) {
        return new RelationSettings(ctx.reader().parse(path, data), stat.getVersion());
    }

    /** The unit's id, which its resolution found. */
    String unitId() {
        return unitId;
    }

    @Override
    public void updateSettings(Map<String, Object> changes) {
        mergeSettings(changes);
    }

    @Override
    public Map<String, Object> mergeSettings(Map<String, Object> changes) {
        return ctx.nodes().update(paths.settings(unitId), null, content -> {
            Map<String, Object> before = Collections.unmodifiableMap(new TreeMap<>(content));
            jujube.model.SettingsChanges.applyTo(content, changes);
            return before;
        });
    }

    @Override
    public RelationSettings appSettings(String service) {
        return read(appSettingsPath(service));
    }

    @Override
    public Map<String, Object> mergeAppSettings(Map<String, Object> changes) {
        return leadership.guardedUpdate(appSettingsPath(unit.service()), "application data bag in " + relation.id(),
                content -> jujube.model.SettingsChanges.applyTo(content, changes));
    }

    @Override
    public Watch watchAppSettings(String service, StateWatcher<Integer> watcher) {
        String path = appSettingsPath(service);
        return new jujube.state.store.CacheWatch<>(ctx.caches(), path, true,
                cache -> cache.get(path).map(d -> d.getStat().getVersion()).orElse(-1),
                new SerialDelivery<>(ctx.watchExecutor(), watcher, -1));
    }

    private String appSettingsPath(String service) {
        String serviceId = serviceIds.get(service);
        if (serviceId == null) {
            throw new StateException("service " + service + " takes no part in relation " + relation.id());
        }
        return jujube.state.store.Paths.appSettings(relation.id(), serviceId);
    }

    @Override
    public Set<UnitName> relatedUnits() {
        String members = paths.members(role.counterpart());
        Map<String, byte[]> entries = new TreeMap<>();
        try {
            for (String id : ctx.client().getChildren().forPath(members)) {
                if (id.equals(unitId)) {
                    continue; // a peer does not see itself
                }
                try {
                    entries.put(id, ctx.client().getData().forPath(members + "/" + id));
                } catch (KeeperException.NoNodeException gone) {
                    // left between listing and reading: not a member any more
                }
            }
        } catch (KeeperException.NoNodeException e) {
            return Set.of(); // nobody of that role joined yet
        } catch (StateException e) {
            throw e;
        } catch (Exception e) {
            throw NodeReader.failure(members, e);
        }
        return Collections.unmodifiableSet(new TreeSet<>(members(role.counterpart()).members(entries).values()));
    }

    /** The check of the entries of {@code role} in this unit's scope. */
    private ScopeMembers members(RelationRole of) {
        return new ScopeMembers(ctx.topology()::read, ctx.reader(), paths, of);
    }

    @Override
    public Watch watchRelatedUnits(StateWatcher<Map<UnitName, Integer>> watcher) {
        // the counterpart's membership may not exist yet (a container not joined): its cache waits for it
        return new RelatedUnitsWatch(ctx.caches(), paths, role.counterpart(), unitId, members(role.counterpart())::members,
                new SerialDelivery<>(ctx.watchExecutor(), watcher, Map.of()));
    }
}
