package jujube.state;

/** What {@code jujube resolved} asks of a unit in an error state. */
public enum ResolvedMode {
    /** Run the failed hook again. */
    RETRY_HOOK,
    /** Move on without running the failed hook. */
    NO_HOOK
}
