package jujube.state.curator.internal;

import jujube.state.store.Fields;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import jujube.model.DebugHooks;
import jujube.model.ResolvedMode;
import jujube.model.UnitFlags;
import jujube.model.UpgradeRequest;

/**
 * The flag nodes below {@code /units/unit-N} and their content: each flag is its own node, so that
 * "already set" is simply "the node exists", and a watch over the unit sees each flag change.
 */
final class UnitFlagNodes {
    static final String RESOLVED = "resolved";
    static final String RELATION_RESOLVED = "relation-resolved";
    static final String UPGRADE = "upgrade";
    static final String DEBUG = "debug";

    private UnitFlagNodes() {}

    /** {@code {retry: bool}}, and {@code reset_state: true} for a reset (a reader that predates it sees no retry). */
    static Map<String, Object> resolved(ResolvedMode mode) {
        return mode == ResolvedMode.RESET_STATE ? Map.of("retry", false, "reset_state", true)
                : Map.of("retry", mode == ResolvedMode.RETRY_HOOK);
    }

    static Map<String, Object> relationResolved(Map<String, ResolvedMode> byRelation) {
        Map<String, Object> content = new LinkedHashMap<>();
        byRelation.forEach((id, mode) -> content.put(id, resolved(mode)));
        return content;
    }

    static Map<String, Object> upgrade(UpgradeRequest request) {
        return Map.of("force", request.force());
    }

    static Map<String, Object> debug(DebugHooks hooks) {
        return Map.of("debug_hooks", hooks.patterns());
    }

    /**
     * Reads the flags of the unit at {@code unitPath}.
     *
     * @param content the parsed content of a child node, empty when the node does not exist
     */
    static UnitFlags read(String unitPath, Function<String, Optional<Map<String, Object>>> content) {
        Optional<ResolvedMode> resolved = content.apply(RESOLVED).map(c -> {
            Fields f = new Fields(unitPath + "/" + RESOLVED);
            return c.containsKey("reset_state") && bool(f, c.get("reset_state"), "reset_state") ? ResolvedMode.RESET_STATE
                    : mode(f, c, "retry");
        });
        Map<String, ResolvedMode> relations = new LinkedHashMap<>();
        content.apply(RELATION_RESOLVED).ifPresent(c -> {
            Fields f = new Fields(unitPath + "/" + RELATION_RESOLVED);
            c.forEach((id, v) -> relations.put(id, mode(f, f.map(v, id), id + ".retry")));
        });
        Optional<UpgradeRequest> upgrade = content.apply(UPGRADE)
                .map(c -> new UpgradeRequest(bool(new Fields(unitPath + "/" + UPGRADE), c.get("force"), "force")));
        Optional<DebugHooks> debug = content.apply(DEBUG).map(c -> {
            Fields f = new Fields(unitPath + "/" + DEBUG);
            if (!(c.get("debug_hooks") instanceof List<?> raw) || raw.isEmpty()) {
                throw f.corrupt("'debug_hooks' is not a non-empty list of hook names");
            }
            List<String> patterns = new ArrayList<>();
            raw.forEach(p -> patterns.add(f.string(p, "debug_hooks[]")));
            return new DebugHooks(patterns);
        });
        return new UnitFlags(resolved, relations, upgrade, debug);
    }

    private static ResolvedMode mode(Fields f, Map<String, Object> c, String where) {
        return bool(f, c.get("retry"), where) ? ResolvedMode.RETRY_HOOK : ResolvedMode.NO_HOOK;
    }

    private static boolean bool(Fields f, Object value, String where) {
        if (value instanceof Boolean b) {
            return b;
        }
        throw f.corrupt("'" + where + "' is not true or false but " + (value == null ? "missing" : Fields.describe(value)));
    }
}
