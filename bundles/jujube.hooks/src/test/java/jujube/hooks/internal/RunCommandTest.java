package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import jujube.hooks.HookResult;
import jujube.model.Port;
import org.junit.jupiter.api.Test;

/** {@code jujube run}'s pseudo-hook: a shell command in a hook context of its own. */
class RunCommandTest extends ContextRunnerFixture {

    @Test
    void a_command_runs_in_the_charm_directory_with_hook_tools_and_its_writes_apply() throws Exception {
        Recording out = new Recording();
        HookResult result = runner.runCommand("""
                pwd; echo "$JUJU_UNIT_NAME"; relation-ids db; echo "[$JUJU_RUN_COMMAND]"
                open-port 8080/tcp; echo oops >&2""", Duration.ofSeconds(20), out);

        assertEquals(new HookResult.Succeeded(), result);
        assertEquals(List.of(env.charmDir.toString(), "wordpress/0", env.dbId, "[]"), out.stdout);
        assertEquals(List.of("oops"), out.stderr);
        assertTrue(env.state.units().ports(UnitFixture.WORDPRESS).contains(new Port(8080, "tcp")),
                "its writes are applied on success");
    }

    @Test
    void a_failing_or_overlong_command_says_how_it_ended_and_changes_nothing() throws Exception {
        Set<Port> before = env.state.units().ports(UnitFixture.WORDPRESS);
        assertEquals(HookResult.Failed.exitCode(7), runner.runCommand("open-port 9090/tcp; exit 7",
                Duration.ofSeconds(20), new Recording()));
        assertEquals(HookResult.Failed.timedOut(Duration.ofMillis(300)), runner.runCommand("exec sleep 30",
                Duration.ofMillis(300), new Recording()));
        assertEquals(before, env.state.units().ports(UnitFixture.WORDPRESS));
    }

    private static final class Recording extends HookFixture.Recording {
    }
}
