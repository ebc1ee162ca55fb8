package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import jujube.hooks.ActionCall;
import jujube.hooks.ActionOutcome;
import jujube.hooks.HookResult;
import jujube.model.Port;
import jujube.state.Tasks;
import org.junit.jupiter.api.Test;

/** An action through the unit's runner: its file or the charm's dispatch, the action tools, their bounds. */
class RunActionTest extends ContextRunnerFixture {
    private final List<String> logged = new CopyOnWriteArrayList<>();

    private void file(String relative, String script) throws Exception {
        Path file = env.charmDir.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "#!/bin/sh\n" + script);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
    }

    private ActionOutcome run(String name, Map<String, Object> params) {
        return runner.runAction(new ActionCall("12", name, params, logged::add), Duration.ofSeconds(20),
                new HookFixture.Recording());
    }

    @Test
    void an_action_gets_its_parameters_sets_nested_results_logs_and_applies_its_writes() throws Exception {
        file("actions/backup", """
                action-log "to $(action-get target)"
                action-set out.size=10G out.path="$(action-get target)/b.tgz" vars="$JUJU_ACTION_NAME $JUJU_ACTION_UUID $JUJU_ACTION_TAG $JUJU_DISPATCH_PATH"
                action-set out.kept=yes
                open-port 9000/tcp
                """);
        ActionOutcome outcome = run("backup", Map.of("target", "/srv"));
        assertEquals(new HookResult.Succeeded(), outcome.result());
        assertEquals(Optional.empty(), outcome.failure());
        assertEquals(Map.of("out", Map.of("size", "10G", "path", "/srv/b.tgz", "kept", "yes"),
                "vars", "backup 12 action-12 actions/backup"), outcome.results());
        assertEquals(List.of("to /srv"), logged);
        assertTrue(env.state.units().ports(UnitFixture.WORDPRESS).contains(new Port(9000, "tcp")));
    }

    @Test
    void a_dispatching_charm_gets_the_action_through_its_dispatch() throws Exception {
        file("dispatch", "action-set path=\"$JUJU_DISPATCH_PATH\" hook=\"${JUJU_HOOK_NAME:-none}\"\n");
        assertEquals(Map.of("path", "actions/anything", "hook", "none"), run("anything", Map.of()).results());
    }

    @Test
    void action_fail_fails_it_and_results_and_log_past_their_bounds_are_refused() throws Exception {
        String big = "v".repeat(Tasks.MAX_RESULTS_BYTES / 2);
        file("actions/greedy", "action-set a=" + big + "\n"
                + "action-set b=" + big + " 2> \"$CHARM_DIR/set.err\" || echo refused >> \"$CHARM_DIR/set.err\"\n"
                + "action-log " + "l".repeat(Tasks.MAX_LOG_MESSAGE_BYTES + 1) + " 2> \"$CHARM_DIR/log.err\" || true\n"
                + "action-fail 'too much'\n");
        ActionOutcome outcome = run("greedy", Map.of());
        assertEquals(List.of(new HookResult.Succeeded(), Optional.of("too much"), Map.of("a", big)),
                List.of(outcome.result(), outcome.failure(), outcome.results()));
        assertTrue(!outcome.succeeded());
        String setErr = Files.readString(env.charmDir.resolve("set.err"));
        assertTrue(setErr.startsWith("action-set: error: results of ") && setErr.contains("over the limit of "
                + Tasks.MAX_RESULTS_BYTES) && setErr.endsWith("refused\n"), setErr);
        assertEquals("action-log: error: a message of more than " + Tasks.MAX_LOG_MESSAGE_BYTES + " bytes\n",
                Files.readString(env.charmDir.resolve("log.err")));
        assertEquals(List.of(), logged);
    }

    @Test
    void a_missing_action_fails_and_action_tools_outside_an_action_say_so() throws Exception {
        assertEquals(new HookResult.Failed("the charm has neither a dispatch nor actions/nosuch"), run("nosuch", Map.of()).result());
        HookFixture.Recording out = new HookFixture.Recording();
        runner.runCommand("action-get 2>&1; action-set a=b 2>&1", Duration.ofSeconds(20), out);
        assertEquals(List.of("action-get: error: not running an action", "action-set: error: not running an action"),
                out.stdout);
    }
}
