package jujube.model;

import java.util.Map;
import java.util.Optional;

/**
 * The requests an operator left on a unit for its agent.
 *
 * @param resolved set when the unit's error was marked resolved
 * @param relationResolved relation id to mode, for relations marked resolved
 * @param upgrade set when a charm upgrade was requested
 * @param debugHooks set while a debug-hooks session runs
 */
public record UnitFlags(Optional<ResolvedMode> resolved, Map<String, ResolvedMode> relationResolved,
        Optional<UpgradeRequest> upgrade, Optional<DebugHooks> debugHooks) {
    public UnitFlags {
        relationResolved = Map.copyOf(relationResolved);
    }

    /** No flag set. */
    public static final UnitFlags NONE = new UnitFlags(Optional.empty(), Map.of(), Optional.empty(), Optional.empty());
}
