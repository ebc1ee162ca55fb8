package jujube.workflow;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Supplies the action of each transition a workflow fires by itself: automatic ones, replayed in-flight
 * ones and error transitions. The unit agent implements it over its lifecycle.
 */
@ConsumerType
@FunctionalInterface
public interface TransitionActions {
    /** Every transition does nothing. */
    TransitionActions NONE = transition -> TransitionAction.NONE;

    TransitionAction forTransition(Transition transition);
}
