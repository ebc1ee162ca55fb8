package jujube.state.store;

import jujube.model.RelationRole;
import jujube.model.RelationScope;

/**
 * Where one relation's nodes live for one unit: the single place that knows the global and the
 * container layouts of seed 004. Global scope: {@code relation-N/scope/<role>/unit-M} (the unit's
 * persistent scope membership) and {@code relation-N/settings/unit-M}; container scope: the same one
 * level down, under {@code relation-N/unit-<principal id>/}. Before state package 3.0 membership was an
 * ephemeral presence node at {@code relation-N/<role>/unit-M} ({@link #legacyPresence}), read only by the
 * membership migration. A future {@code RelationScopeHandler} replaces this class.
 *
 * @param relationId the relation
 * @param scope its scope
 * @param containerUnitId the principal unit whose container the unit lives in (itself for a principal)
 */
public record RelationScopePaths(String relationId, RelationScope scope, String containerUnitId) {

    String base() {
        String relation = Paths.relation(relationId);
        return scope == RelationScope.GLOBAL ? relation : relation + "/" + containerUnitId;
    }

    /** The members of one role: persistent nodes, each a unit in the relation's scope. */
    public String members(RelationRole role) {
        return base() + "/scope/" + role.key();
    }

    public String member(RelationRole role, String unitId) {
        return members(role) + "/" + unitId;
    }

    /** Where the layout before state package 3.0 announced a member with an ephemeral node. */
    public String legacyPresence(RelationRole role, String unitId) {
        return base() + "/" + role.key() + "/" + unitId;
    }

    String settingsContainer() {
        return base() + "/settings";
    }

    public String settings(String unitId) {
        return settingsContainer() + "/" + unitId;
    }

    /** The paths for a unit, given its container (null for a principal unit). */
    public static RelationScopePaths forUnit(String relationId, RelationScope scope, String unitId, String container) {
        return new RelationScopePaths(relationId, scope, container != null ? container : unitId);
    }
}
