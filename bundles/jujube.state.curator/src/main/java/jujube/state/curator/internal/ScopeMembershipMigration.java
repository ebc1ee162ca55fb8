package jujube.state.curator.internal;

import jujube.state.store.NodeReader;
import jujube.state.store.Paths;
import jujube.state.store.RelationScopePaths;
import jujube.state.store.StateContext;
import jujube.state.store.Topology;

import java.util.Map;
import java.util.Set;
import jujube.model.UnitName;
import jujube.state.store.TopologyEntries.EndpointEntry;
import jujube.state.store.TopologyEntries.RelationEntry;
import jujube.state.store.TopologyEntries.UnitEntry;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * From relation membership as ephemeral presence (state package 2 and before) to persistent scope
 * membership: every unit that was a member enters its scope, once per environment. A unit was a member
 * when its old presence node is there (its agent runs, or ran less than a session ago) or when its relation
 * workflow replica says it joined and has not departed ({@code up}, {@code down}, {@code error}): that is
 * what the related units' agents believed, so membership starts out as they left it and no hook runs.
 * The marker in {@code /settings} is written last; until then any number of processes may walk at once,
 * creating a node that exists being a no-op.
 */
final class ScopeMembershipMigration {
    private static final Logger LOG = LoggerFactory.getLogger(ScopeMembershipMigration.class);
    /** The field of {@code /settings} that says membership is persistent here. */
    static final String MARKER = "relation-scope-membership";
    static final Map<String, Object> MARKED = Map.of(MARKER, "persistent");
    private static final Set<String> JOINED = Set.of("up", "down", "error");
    private final StateContext ctx;

    ScopeMembershipMigration(StateContext ctx) {
        this.ctx = ctx;
    }

    int run() {
        if (migrated() || !ctx.access().isAdmin()) {
            return 0; // an agent may not write memberships but its units' own: the controller migrates at its start
        }
        Topology t = ctx.topology().read();
        int created = 0;
        for (Map.Entry<String, RelationEntry> relation : t.relations().entrySet()) {
            String relationId = relation.getKey();
            RelationEntry r = relation.getValue();
            for (Map.Entry<String, EndpointEntry> side : r.services().entrySet()) {
                for (Map.Entry<String, UnitEntry> unit : t.unitsOf(side.getKey()).entrySet()) {
                    String unitId = unit.getKey();
                    RelationScopePaths paths = RelationScopePaths.forUnit(relationId, r.scope(), unitId,
                            unit.getValue().container());
                    if (wasMember(paths.legacyPresence(side.getValue().role(), unitId), unitId, relationId)) {
                        UnitName name = t.unitName(unitId);
                        if (CuratorUnitRelation.createMember(ctx, paths.member(side.getValue().role(), unitId), name)) {
                            created++;
                            LOG.info("{} entered the scope of {} (membership migrated from its presence)", name,
                                    relationId);
                        }
                    }
                }
            }
        }
        ctx.nodes().update(Paths.SETTINGS, null, content -> {
            content.putAll(MARKED);
            return null;
        });
        return created;
    }

    private boolean migrated() {
        return "persistent".equals(ctx.reader().optionalYamlMap(Paths.SETTINGS).get(MARKER));
    }

    private boolean wasMember(String legacyPresence, String unitId, String relationId) {
        try {
            Stat presence = ctx.client().checkExists().forPath(legacyPresence);
            if (presence != null) {
                return true;
            }
        } catch (Exception e) {
            throw NodeReader.failure(legacyPresence, e);
        }
        Object states = ctx.reader().yamlMap(Paths.unit(unitId)).get(CuratorUnits.RELATION_STATES);
        return states instanceof Map<?, ?> byRelation && JOINED.contains(String.valueOf(byRelation.get(relationId)));
    }
}
