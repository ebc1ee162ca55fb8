package jujube.agent.unit.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;
import jujube.hooks.ExecutedHook;
import jujube.hooks.HookEffects;
import jujube.hooks.HookResult;
import jujube.hooks.RelationHookInfo;
import jujube.hooks.UnitHookRunner;
import jujube.model.UnitName;
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
    private final ObjectMapper mapper;
    /** Set once the unit itself leaves (it is removed): its -departed hooks name it as the departing unit. */
    private volatile String departingSelf;

    RelationHooks(UnitHookRunner runner, KnownRelation relation, ObjectMapper mapper) {
        this.runner = runner;
        this.relation = relation;
        this.mapper = mapper;
    }

    /** From now on the -departed hooks name {@code unit}, this relation's own, as the one departing. */
    void departingSelf(String unit) {
        departingSelf = unit;
    }

    /** {@link #run} without applying the hook's effects: the caller persists them, then {@link #apply}s. */
    ExecutedHook execute(RelationChange change) {
        return runner.execute(hookName(change), Optional.of(info(change)));
    }

    /** Applies the effects of the change's hook (idempotent). */
    HookResult apply(RelationChange change, HookEffects effects) {
        return runner.apply(hookName(change), effects);
    }

    /** The effects as the hook queue keeps them: a JSON object, written out once, in the queue's file. */
    ObjectNode encode(HookEffects effects) {
        return mapper.valueToTree(effects);
    }

    /** @throws IllegalStateException when the stored effects are not valid */
    HookEffects decode(ObjectNode stored) {
        try {
            return mapper.treeToValue(stored, HookEffects.class);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new IllegalStateException("invalid stored hook effects", e);
        }
    }

    private RelationHookInfo info(RelationChange change) {
        List<String> members = change.members().stream().map(UnitName::toString).toList();
        if (!change.type().aboutUnit()) {
            // created, or the remote application's data changed: no remote unit (JUJU_REMOTE_UNIT empty)
            return new RelationHookInfo(relation.relationName(), relation.hookId(), "", members,
                    change.unit().service(), Optional.empty());
        }
        RelationHookInfo info = new RelationHookInfo(relation.relationName(), relation.hookId(),
                change.unit().toString(), members);
        // JUJU_DEPARTING_UNIT: the unit that leaves the relation, the remote one or, when it is removed, this one
        return change.type() == jujube.workflow.ChangeType.DEPARTED
                ? info.departing(departingSelf != null ? departingSelf : change.unit().toString()) : info;
    }

    /**
     * {@code <name>-relation-joined|changed|departed} about the change's unit, with the members as of the
     * change ({@code JUJU_MEMBERS}).
     */
    HookResult run(RelationChange change) {
        return runner.run(hookName(change), Optional.of(info(change)));
    }

    /** The hook a change runs, {@code db-relation-joined}. */
    String hookName(RelationChange change) {
        return relation.hookName(change.type().hookSuffix());
    }

    /** {@code <name>-relation-broken}, in a broken context: no remote unit, no members. */
    HookResult broken() {
        return runner.run(relation.hookName("broken"), Optional.of(
                new RelationHookInfo(relation.relationName(), relation.hookId(), null, List.of())
                        .withRemoteApp(relation.remoteApp())));
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
