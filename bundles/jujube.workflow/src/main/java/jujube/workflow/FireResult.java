package jujube.workflow;

import java.util.Objects;

/**
 * What firing (or synchronizing) did. When automatic transitions followed, the result describes the
 * last transition fired.
 */
public sealed interface FireResult {

    /** The state the workflow is in now. */
    String state();

    /** The transition succeeded; the workflow is in {@code state}. */
    record Completed(String transitionId, String state) implements FireResult {
        public Completed {
            Objects.requireNonNull(transitionId, "transitionId");
            Objects.requireNonNull(state, "state");
        }
    }

    /**
     * A hook of the transition failed; the workflow is in {@code state}: the error transition's
     * destination, or the transition's source when it has no error transition.
     */
    record Failed(String transitionId, String message, String state) implements FireResult {
        public Failed {
            Objects.requireNonNull(transitionId, "transitionId");
            Objects.requireNonNull(message, "message");
            Objects.requireNonNull(state, "state");
        }
    }

    /** Nothing was in flight and nothing automatic was due. */
    record Unchanged(String state) implements FireResult {
        public Unchanged {
            Objects.requireNonNull(state, "state");
        }
    }
}
