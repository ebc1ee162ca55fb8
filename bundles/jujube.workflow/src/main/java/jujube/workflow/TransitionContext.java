package jujube.workflow;

import org.osgi.annotation.versioning.ProviderType;

/** What a running action may see and change of its workflow. */
@ProviderType
public interface TransitionContext {

    /** The transition being fired. */
    Transition transition();

    /** The workflow's stored state: the transition's source, with it in flight. */
    WorkflowState state();

    /**
     * Sets ({@code value} non-null) or removes ({@code value} null) a variable of the current state and
     * stores it at once, before returning: a recovery marker must be on disk before the risky step.
     */
    void setVar(String key, String value);
}
