package jujube.model;

import java.util.List;

/**
 * A debug-hooks session's request: run the matching hooks in a debug session.
 *
 * @param patterns hook names to debug; {@code *} matches every hook
 */
public record DebugHooks(List<String> patterns) {
    public DebugHooks {
        patterns = List.copyOf(patterns);
        if (patterns.isEmpty()) {
            throw new IllegalArgumentException("debug hooks need at least one pattern ('*' for all)");
        }
    }
}
