package jujube.state.internal;

import jujube.state.RelationRole;
import jujube.state.internal.TopologyEntries.EndpointEntry;
import jujube.state.internal.TopologyEntries.RelationEntry;
import jujube.state.internal.TopologyEntries.UnitEntry;
import org.apache.zookeeper.KeeperException;

/**
 * The administrator prepares, for each unit a relation's scope may hold, what the unit's agent writes
 * there: the scope's role directory (whose ACL lets its possible members enter and leave) and the unit's
 * settings node (created empty, owned by the unit). A unit's agent thus never creates a settings node:
 * the settings directory lets nobody but the administrator create in it, so no unit can make another's
 * settings before that unit joins. Called when a relation is added (for every unit of its services) and
 * when a unit is added (for every relation of its service); both are idempotent.
 */
final class RelationAccess {
    private final StateContext ctx;

    RelationAccess(StateContext ctx) {
        this.ctx = ctx;
    }

    /** Prepares the scope of relation {@code relationId} for every unit of its services. */
    void prepare(Topology t, String relationId) {
        RelationEntry r = t.relations.get(relationId);
        if (r == null) {
            return;
        }
        for (String serviceId : r.services().keySet()) {
            var service = t.services.get(serviceId);
            if (service != null) {
                service.units().keySet().forEach(unitId -> prepare(t, relationId, unitId));
            }
        }
    }

    /** Prepares the scope of relation {@code relationId} for the unit {@code unitId}. */
    void prepare(Topology t, String relationId, String unitId) {
        RelationEntry r = t.relations.get(relationId);
        String serviceId = t.serviceOfUnit(unitId);
        EndpointEntry endpoint = r == null ? null : r.services().get(serviceId);
        if (endpoint == null) {
            return;
        }
        UnitEntry unit = t.unit(unitId);
        RelationScopePaths paths = RelationScopePaths.forUnit(relationId, r.scope(), unitId, unit.container());
        RelationRole role = endpoint.role();
        create(paths.members(role));
        ctx.identities().applyPolicy(paths.members(role)); // one more possible member
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
