package jujube.workflow;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A workflow's persisted state: where it is, which transition (if any) was recorded as in flight and
 * has not finished, and the variables of the current state (an error message, a recovery marker).
 * Leaving a state drops its variables. The file format's version is the store's business and is not
 * carried here, so no caller can build a state of the wrong format.
 *
 * @param state the current state's name
 * @param inFlight the id of the transition whose action was started but not committed, or null
 * @param vars the current state's variables
 */
public record WorkflowState(String state, String inFlight, Map<String, String> vars) {
    /** The state variable holding the message of the hook failure that led into an error state. */
    public static final String ERROR_MESSAGE = "error_message";

    public WorkflowState {
        Objects.requireNonNull(state, "state");
        vars = Map.copyOf(vars);
    }

    /** A workflow that never fired a transition. */
    public static WorkflowState initial() {
        return new WorkflowState(WorkflowDefinition.INITIAL, null, Map.of());
    }

    public WorkflowState withInFlight(String transitionId) {
        return new WorkflowState(state, transitionId, vars);
    }

    /** This state with {@code key} set ({@code value} non-null) or removed ({@code value} null). */
    public WorkflowState withVar(String key, String value) {
        Map<String, String> changed = new HashMap<>(vars);
        if (value == null) {
            changed.remove(key);
        } else {
            changed.put(key, value);
        }
        return new WorkflowState(state, inFlight, changed);
    }
}
