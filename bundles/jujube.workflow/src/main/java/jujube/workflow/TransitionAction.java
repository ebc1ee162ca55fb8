package jujube.workflow;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * The work a transition does (run hooks, upgrade the charm, start a lifecycle). It runs after the
 * transition is recorded as in flight and before its destination is stored, so it may run again after
 * a crash: it must be safe to repeat.
 */
@ConsumerType
@FunctionalInterface
public interface TransitionAction {
    /** An action that does nothing and succeeds. */
    TransitionAction NONE = context -> ActionResult.success();

    /**
     * Does the work.
     *
     * @return {@link ActionResult.Success} or {@link ActionResult.HookFailed}
     * @throws Exception on an unexpected error; the transition stays in flight
     */
    ActionResult run(TransitionContext context) throws Exception;

    /**
     * This action, then {@code next} when this one succeeded. The combined success keeps the later
     * action's state variables.
     */
    default TransitionAction then(TransitionAction next) {
        return context -> {
            ActionResult first = run(context);
            return first instanceof ActionResult.Success ? next.run(context) : first;
        };
    }
}
