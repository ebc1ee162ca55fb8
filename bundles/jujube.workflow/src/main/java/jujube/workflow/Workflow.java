package jujube.workflow;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A persistent state machine over a {@link WorkflowDefinition}. Firing a transition stores it as in
 * flight, runs its action, then stores the destination (or fires the error transition on a hook
 * failure) and fires the automatic transition of the state reached. Every store is appended to the
 * history and the state is replicated whenever its name changes, so the local store and the replica
 * agree after every transition.
 *
 * <p>The owning agent drives it (its methods exclude each other; it starts no thread and never waits).
 * When an action throws, the exception propagates as a
 * {@link TransitionAbortedException} and the transition stays in flight until {@link #synchronize()}
 * replays it, exactly as after a crash.
 */
@ProviderType
public interface Workflow {

    /** The last stored state. */
    WorkflowState state();

    /** The definition the workflow follows. */
    WorkflowDefinition definition();

    /**
     * Fires the transition leaving the current state that answers to {@code idOrAlias}, with the
     * action the workflow's {@link TransitionActions} give it.
     *
     * @throws InvalidTransitionException when no such transition leaves the current state
     * @throws IllegalStateException when a transition is in flight (synchronize first)
     * @throws TransitionAbortedException when the action threw; the transition stays in flight
     */
    FireResult fire(String idOrAlias);

    /** As {@link #fire(String)}, running {@code action} for this transition (automatic ones that follow
     * use the workflow's actions). */
    FireResult fire(String idOrAlias, TransitionAction action);

    /**
     * Brings the workflow to where it should be after a (re)start: replicates the stored state, forces
     * the recovery state when a recovery marker is set, replays an in-flight transition, otherwise
     * fires the automatic transitions due from the current state.
     */
    FireResult synchronize();
}
