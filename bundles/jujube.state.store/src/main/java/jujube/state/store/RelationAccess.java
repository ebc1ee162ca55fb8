package jujube.state.store;

import java.util.List;
import jujube.model.RelationScope;
import jujube.state.store.TopologyEntries.EndpointEntry;
import jujube.state.store.TopologyEntries.RelationEntry;
import jujube.state.store.TopologyEntries.UnitEntry;
import org.apache.zookeeper.KeeperException;

/**
 * The administrator prepares, for each unit a relation's scope may hold, what the unit's agent writes
 * there: the scope's role directory (whose ACL lets each unit of the role's services enter and leave for
 * itself) and the unit's settings node (created empty, owned by the unit). A unit's agent thus never
 * creates a settings node:
 * the settings directory lets nobody but the administrator create in it, so no unit can make another's
 * settings before that unit joins. Called when a relation is added (for every unit of its services) and
 * when a unit is added (for every relation of its service); both are idempotent.
 */
public final class RelationAccess {
    private final StateContext ctx;

    public RelationAccess(StateContext ctx) {
        this.ctx = ctx;
    }

    /** Prepares the scope of relation {@code relationId} for every unit of its services. */
    public void prepare(Topology t, String relationId) {
        RelationEntry r = t.findRelation(relationId).orElse(null);
        if (r == null) {
            return;
        }
        for (String serviceId : r.services().keySet()) {
            if (t.findService(serviceId).isPresent()) {
                t.unitsOf(serviceId).keySet().forEach(unitId -> prepare(t, relationId, unitId));
            }
        }
    }

    /**
     * Prepares the scopes of every relation of their services for units {@code unitIds} just added: a
     * global scope's settings nodes were made with the units (in their transaction), and its role
     * directories name the services' groups, which the units joined; a container's scope is prepared in full.
     */
    public void prepareUnits(Topology t, List<String> unitIds) {
        for (String unitId : unitIds) {
            String serviceId = t.serviceOfUnit(unitId);
            for (java.util.Map.Entry<String, RelationEntry> e : t.relations(t.relationsOfService(serviceId)).entrySet()) {
                if (e.getValue().scope() != RelationScope.GLOBAL) {
                    prepare(t, e.getKey(), unitId);
                }
            }
        }
    }

    /** Creates what the unit writes in the scope of relation {@code relationId}: its role directory and settings node. */
    public void prepare(Topology t, String relationId, String unitId) {
        RelationEntry r = t.findRelation(relationId).orElse(null);
        String serviceId = t.serviceOfUnit(unitId);
        EndpointEntry endpoint = r == null ? null : r.services().get(serviceId);
        if (endpoint == null) {
            return;
        }
        UnitEntry unit = t.unit(unitId);
        RelationScopePaths paths = RelationScopePaths.forUnit(relationId, r.scope(), unitId, unit.container());
        create(paths.members(endpoint.role()));
        create(paths.settingsContainer());
        create(paths.settings(unitId));
    }

    private void create(String path) {
        try {
            ctx.client().create().creatingParentsIfNeeded().forPath(path, new byte[0]);
        } catch (KeeperException.NodeExistsException e) {
            // prepared before
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
    }
}
