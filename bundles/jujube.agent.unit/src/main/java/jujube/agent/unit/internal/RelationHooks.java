package jujube.agent.unit.internal;

import java.util.List;
import java.util.Optional;
import jujube.hooks.HookResult;
import jujube.hooks.RelationHookInfo;
import jujube.hooks.UnitHookRunner;
import jujube.state.UnitName;
import jujube.workflow.ActionResult;
import jujube.workflow.RelationChange;
import jujube.workflow.TransitionAction;

/**
 * Runs one unit relation's hooks through the unit's hook runner. Called only from jobs on the unit's
 * hook executor, so the unit's hooks stay one at a time.
 */
final class RelationHooks {
    private final UnitHookRunner runner;
    private final KnownRelation relation;

    RelationHooks(UnitHookRunner runner, KnownRelation relation) {
        this.runner = runner;
        this.relation = relation;
    }

    /**
     * {@code <name>-relation-joined|changed|departed} about the change's unit, with the members as of the
     * change ({@code JUJU_MEMBERS}).
     */
    HookResult run(RelationChange change) {
        List<String> members = change.members().stream().map(UnitName::toString).toList();
        return runner.run(hookName(change), Optional.of(
                new RelationHookInfo(relation.relationName(), relation.hookId(), change.unit().toString(), members)));
    }

    /** The hook a change runs, {@code db-relation-joined}. */
    String hookName(RelationChange change) {
        return relation.hookName(change.type().hookName());
    }

    /** {@code <name>-relation-broken}, in a broken context: no remote unit, no members. */
    HookResult broken() {
        return runner.run(relation.hookName("broken"), Optional.of(
                new RelationHookInfo(relation.relationName(), relation.hookId(), null, List.of())));
    }

    /** {@link #broken()} as the action of the {@code depart} transition. */
    TransitionAction brokenAction() {
        return context -> {
            HookResult result = broken();
            return result instanceof HookResult.Failed failed ? ActionResult.hookFailed(
                    relation.hookName("broken") + " failed: " + failed.reason()) : ActionResult.success();
        };
    }
}
