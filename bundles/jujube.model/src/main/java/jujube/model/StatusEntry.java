package jujube.model;

import java.time.Instant;
import java.util.Objects;

/**
 * One transition of a unit's workflow as its agent published it ({@code jujube status-history}).
 *
 * @param at when the agent stored it
 * @param state the state entered (or kept, when a hook failed without an error state)
 * @param hook the hook the transition ran, empty when it ran none
 * @param message why: the failure of the hook that led into an error state; empty otherwise
 */
public record StatusEntry(Instant at, String state, String hook, String message) {
    /** How many entries a unit keeps in the state: the newest. */
    public static final int KEPT = 100;
    /** The longest message kept, in characters; a longer one is cut. */
    public static final int MAX_MESSAGE = 1000;

    public StatusEntry {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(hook, "hook");
        Objects.requireNonNull(message, "message");
        if (message.length() > MAX_MESSAGE) {
            message = message.substring(0, MAX_MESSAGE) + "...";
        }
    }
}
