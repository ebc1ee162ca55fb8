package jujube.workflow;

import static jujube.workflow.Transition.of;

import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The workflow of one unit relation, as the original's:
 *
 * <pre>
 * start    none -> up        automatic; the unit agent queues -relation-created then
 * stop     up -> down
 * restart  down -> up
 * error    up -> error       the scheduler keeps watching and queueing but executes nothing
 * reset    error -> up       the failed change, still at the head of the queue, runs again
 * depart   up | down | error -> departed   (ids depart_from_up/down/error) runs -relation-broken
 * </pre>
 */
public final class RelationWorkflow {
    /** The state variable naming the kind of change whose hook failed ({@code joined}, ...). */
    public static final String CHANGE_TYPE = "change_type";

    public static final WorkflowDefinition DEFINITION = new WorkflowDefinition(List.of(
            of("start", "none", "up").automatically(),
            of("stop", "up", "down"),
            of("restart", "down", "up"),
            of("error", "up", "error"),
            of("reset", "error", "up"),
            of("depart_from_up", "up", "departed").alias("depart"),
            of("depart_from_down", "down", "departed").alias("depart"),
            of("depart_from_error", "error", "departed").alias("depart")));

    private static final Logger LOG = LoggerFactory.getLogger(RelationWorkflow.class);

    private RelationWorkflow() {}

    /**
     * The action of the {@code error} transition: stores {@code {change_type, error_message}} as the
     * error state's variables, for status and for the resolver.
     */
    public static TransitionAction error(ChangeType changeType, String errorMessage) {
        return context -> ActionResult.success(Map.of(CHANGE_TYPE, changeType.hookName(),
                WorkflowState.ERROR_MESSAGE, errorMessage));
    }

    /**
     * The action of {@code depart}: runs {@code brokenHook}; its failure is logged and the relation is
     * departed all the same, since there is nothing left to retry against.
     */
    public static TransitionAction depart(String relationId, TransitionAction brokenHook) {
        return context -> {
            ActionResult result = brokenHook.run(context);
            if (result instanceof ActionResult.HookFailed failed) {
                LOG.warn("relation {}: -relation-broken failed ({}); the relation is departed anyway", relationId,
                        failed.message());
            }
            return ActionResult.success();
        };
    }
}
