package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The hook logs of some units of an environment at one moment, kept to check what ran since: nothing,
 * after agents were killed and came back, or only hooks about the unit a later change added.
 */
record HookLogs(Environment env, Map<String, List<String>> before) {
    /** The hook logs of {@code units} as they are now. */
    static HookLogs of(Environment env, String... units) {
        Map<String, List<String>> logs = new LinkedHashMap<>();
        for (String unit : units) {
            logs.put(unit, env.hookLog(unit));
        }
        return new HookLogs(env, logs);
    }

    /** Asserts that none of the units ran a hook since. */
    void assertNoneRanAgain() {
        before.keySet().forEach(unit -> assertRanNothing(unit, "no hook of " + unit + " ran again"));
    }

    void assertRanNothing(String unit, String message) {
        assertEquals(before.get(unit), env.hookLog(unit), message);
    }

    /** Asserts that {@code unit} kept its log and ran only hooks about {@code other} since. */
    void assertRanOnlyAbout(String unit, String other) {
        List<String> kept = before.get(unit);
        List<String> now = env.hookLog(unit);
        assertEquals(kept, now.subList(0, kept.size()), String.valueOf(now));
        assertTrue(now.subList(kept.size(), now.size()).stream().allMatch(l -> l.contains(" " + other)),
                String.valueOf(now));
    }
}
