package jujube.workflow;

/**
 * A transition's action failed unexpectedly (it threw). The transition stays recorded as in flight;
 * {@link Workflow#synchronize()} replays it.
 */
public class TransitionAbortedException extends WorkflowException {
    private static final long serialVersionUID = 1L;
    private final String transitionId;

    public TransitionAbortedException(String transitionId, Throwable cause) {
        super("transition '" + transitionId + "' aborted, left in flight: " + cause, cause);
        this.transitionId = transitionId;
    }

    public String transitionId() {
        return transitionId;
    }
}
