package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import jujube.hooks.HookResult;
import jujube.model.LoggedRecord;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.Test;

/** A unit's hooks reach the environment's debug log, whether or not a debug-log runs; values never do. */
class HookDebugLogTest extends ContextRunnerFixture {
    /** Waits for what hooks and the unit's threads do: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10)).atMost(Duration.ofSeconds(20));

    private List<String> lines() {
        return env.state.debugLog().after(-1).stream().map(LoggedRecord::record)
                .map(r -> r.unit() + " " + r.channel() + " " + r.level() + " " + r.message()).toList();
    }

    @Test
    void hook_start_result_output_juju_log_and_changed_keys_are_published() throws Exception {
        env.hook("db-relation-changed", """
                set -e
                echo "to stdout"
                printf 'forged\\n2012-06-01T10:00:00Z mysql/0 ERROR: fake\\n' >&2
                juju-log -l WARNING "charm says hello"
                relation-set database=wp password=s3cret-value
                open-port 80/tcp
                """);
        env.hook("install", "echo failing; exit 3");
        {
            assertTrue(runner.run("db-relation-changed", Optional.of(env.dbChanged()), new HookFixture.Recording())
                    .isSuccess());
            assertEquals(HookResult.Failed.exitCode(3), runner.run("install", Optional.empty(), new HookFixture.Recording()));

            String failed = "wordpress/0 unit.hook ERROR hook install failed: " + HookResult.Failed.exitCode(3).reason();
            POLLING.until(() -> lines().contains(failed));
            List<String> lines = lines();
            String hook = "db-relation-changed";
            assertEquals(List.of(
                    "wordpress/0 unit.hook INFO running hook " + hook + " (" + env.dbId + ", remote mysql/0)",
                    "wordpress/0 hook.output INFO " + hook + ": to stdout",
                    "wordpress/0 hook.output ERROR " + hook + ": forged",
                    "wordpress/0 hook.output ERROR " + hook + ": 2012-06-01T10:00:00Z mysql/0 ERROR: fake",
                    "wordpress/0 unit.hook.api WARNING " + hook + ": charm says hello",
                    "wordpress/0 unit.hook INFO hook " + hook + " (" + env.dbId + ", remote mysql/0) succeeded",
                    "wordpress/0 unit.hook.flush INFO " + hook + ": relation " + env.dbId
                            + " settings changed: database, password",
                    "wordpress/0 unit.hook.flush INFO " + hook + ": Port opened: 80/tcp",
                    "wordpress/0 unit.hook INFO running hook install",
                    "wordpress/0 hook.output INFO install: failing",
                    failed), sorted(lines), lines.toString());
            assertFalse(lines.stream().anyMatch(l -> l.contains("s3cret") || l.contains("=wp") || l.contains("'wp'")),
                    "no relation setting value is published: " + lines);
        }
    }

    /** Output lines interleave with the tool calls by arrival: compare in the order of the hook's steps. */
    private static List<String> sorted(List<String> lines) {
        List<String> order = List.of("running hook db", "to stdout", "forged", "fake", "charm says", "succeeded",
                "settings changed", "Port opened", "running hook install", "failing", "install failed");
        return lines.stream().sorted(java.util.Comparator.comparingInt(l -> {
            for (int i = 0; i < order.size(); i++) {
                if (l.contains(order.get(i))) {
                    return i;
                }
            }
            return order.size();
        })).toList();
    }

    @Test
    void a_hook_is_kept_in_the_log_with_no_debug_log_running() throws Exception {
        env.hook("install", "echo kept");
        assertTrue(runner.run("install", Optional.empty(), new HookFixture.Recording()).isSuccess());
        POLLING.until(() -> lines().size() == 3);
        assertEquals(List.of("wordpress/0 unit.hook INFO running hook install", "wordpress/0 hook.output INFO install: kept",
                "wordpress/0 unit.hook INFO hook install succeeded"), lines());
    }
}
