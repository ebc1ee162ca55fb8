package jujube.workflow;

import java.util.Map;
import java.util.Objects;

/**
 * How a transition's action ended, when it ended as expected. Unexpected errors are thrown instead:
 * they leave the transition in flight, to be replayed by {@link Workflow#synchronize()}.
 */
public sealed interface ActionResult {

    /** The action did its work; {@code stateVars} become the destination state's variables. */
    record Success(Map<String, String> stateVars) implements ActionResult {
        public Success {
            stateVars = Map.copyOf(stateVars);
        }
    }

    /** A hook failed; the workflow fires the transition's error transition, if it has one. */
    record HookFailed(String message) implements ActionResult {
        public HookFailed {
            Objects.requireNonNull(message, "message");
        }
    }

    static ActionResult success() {
        return new Success(Map.of());
    }

    static ActionResult success(Map<String, String> stateVars) {
        return new Success(stateVars);
    }

    static ActionResult hookFailed(String message) {
        return new HookFailed(message);
    }
}
