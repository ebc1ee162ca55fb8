package jujube.model;

/** What {@code jujube resolved} asks of a unit in an error state. */
public enum ResolvedMode {
    /** Run the failed hook again. */
    RETRY_HOOK,
    /** Move on without running the failed hook. */
    NO_HOOK,
    /**
     * For a unit whose agent found its local state corrupt ({@code local_state_error}): set the corrupt files
     * aside and rebuild them from what the environment knows, then go on. Not a mode of relation-resolved.
     *
     */
    RESET_STATE
}
