package jujube.workflow;

/** No transition with the requested id or alias leaves the workflow's current state. */
public class InvalidTransitionException extends WorkflowException {
    private static final long serialVersionUID = 1L;
    private final String state;
    private final String transition;

    public InvalidTransitionException(String state, String transition) {
        super("no transition '" + transition + "' from state '" + state + "'");
        this.state = state;
        this.transition = transition;
    }

    public String state() {
        return state;
    }

    public String transition() {
        return transition;
    }
}
