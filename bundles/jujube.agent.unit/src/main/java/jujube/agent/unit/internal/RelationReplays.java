package jujube.agent.unit.internal;

import jujube.workflow.ChangeType;
import jujube.workflow.HookQueue;
import jujube.workflow.QueuedChange;
import jujube.workflow.RelationWorkflow;
import jujube.workflow.Transition;
import jujube.workflow.TransitionAction;
import jujube.workflow.TransitionActions;
import jujube.workflow.WorkflowState;

/**
 * The actions a relation workflow runs by itself: when synchronize replays a transition the process died
 * in, and for the automatic {@code start}. A replayed {@code depart} runs {@code -relation-broken} again (so
 * it is only replayed from a job on the hook executor); a replayed {@code error} takes its change type from
 * the failed change, still at the head of the queue. The automatic {@code start}, as the unit enters the
 * relation, queues {@code -relation-created} ahead of everything (idempotent, so a replay queues it once).
 * The rest run no hook.
 */
final class RelationReplays implements TransitionActions {
    private final HookQueue queue;
    private final RelationHooks hooks;
    private final KnownRelation relation;

    RelationReplays(HookQueue queue, RelationHooks hooks, KnownRelation relation) {
        this.queue = queue;
        this.hooks = hooks;
        this.relation = relation;
    }

    @Override
    public TransitionAction forTransition(Transition transition) {
        if (transition.answersTo("depart")) {
            return RelationWorkflow.depart(relation.hookId(), hooks.brokenAction());
        }
        if (transition.id().equals("start")) {
            return context -> {
                queue.enqueueCreated(relation.remoteApp());
                return jujube.workflow.ActionResult.success();
            };
        }
        if (transition.id().equals("error")) {
            return context -> {
                ChangeType type = queue.pending().stream().findFirst().map(QueuedChange::type)
                        .orElse(ChangeType.CHANGED);
                String message = context.state().vars().getOrDefault(WorkflowState.ERROR_MESSAGE,
                        "a relation hook failed just before the agent stopped");
                return RelationWorkflow.error(type, message).run(context);
            };
        }
        return TransitionAction.NONE;
    }
}
