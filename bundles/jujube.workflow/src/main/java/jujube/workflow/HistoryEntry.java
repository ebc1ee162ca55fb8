package jujube.workflow;

import java.time.Instant;
import java.util.Objects;

/**
 * One stored step of a workflow, as its history file holds it.
 *
 * @param at when it was stored
 * @param step what kind of step
 * @param transition the transition concerned, or null for a forced recovery without one in flight
 * @param state the state stored
 * @param inFlight the in-flight transition stored, or null
 */
public record HistoryEntry(Instant at, Step step, String transition, String state, String inFlight) {

    public HistoryEntry {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(state, "state");
    }

    /** The kinds of stored step. */
    public enum Step {
        /** A transition was recorded before its action ran. */
        IN_FLIGHT,
        /** A transition's destination was stored. */
        COMMITTED,
        /** A hook failed and there was no error transition: back in the source state. */
        FAILED,
        /** An action changed the current state's variables. */
        VARS,
        /** A recovery marker forced its state on synchronize. */
        RECOVERED
    }
}
