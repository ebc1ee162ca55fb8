package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import jujube.hooks.ExecutedHook;
import jujube.hooks.HookResult;
import jujube.model.DebugHooks;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Hooks held by debug-hooks, driven through a real tmux server as an operator would drive it: the test
 * makes the session the command would make, sets the unit's debug flag, and types into the hook's window
 * with {@code send-keys}; what the shell did is read back from files it wrote.
 */
class DebugHooksTest extends ContextRunnerFixture {
    /** Waits for what hooks and the unit's threads do: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10)).atMost(Duration.ofSeconds(20));

    private DebugTmux tmux;

    @BeforeEach
    void startSession() throws Exception {
        tmux = DebugTmux.of(DebugTmux.find(System.getenv("PATH")).orElseThrow(), env.unitDir, "wordpress/0");
        assertEquals(0, tmux.run("new-session", "-d", "-s", tmux.session(), "-x", "200", "-y", "50"));
    }

    @AfterEach
    void endSession() throws Exception {
        tmux.run("kill-server");
    }

    @Test
    void a_held_hook_is_a_shell_in_a_window_with_the_hooks_environment_and_its_exit_commits() throws Exception {
        env.state.units().setDebugHooks(UnitFixture.WORDPRESS, new DebugHooks(List.of("db-relation-*")));
        env.hook("db-relation-changed", "echo ran > \"$OUT/file-ran\"");

        CompletableFuture<ExecutedHook> hook = CompletableFuture.supplyAsync(
                () -> runner.execute("db-relation-changed", Optional.of(env.dbChanged())));
        String window = awaitWindow("db-relation-changed");
        type(window, "relation-get user > " + env.outDir.resolve("user") + "; relation-set answer=42; pwd > "
                + env.outDir.resolve("pwd") + "; env > " + env.outDir.resolve("env.tmp") + " && mv "
                + env.outDir.resolve("env.tmp") + " " + env.outDir.resolve("env"));
        POLLING.until(() -> Files.exists(env.outDir.resolve("env")));
        type(window, "exit 0");
        ExecutedHook executed = hook.get(20, TimeUnit.SECONDS);

        assertEquals(new HookResult.Succeeded(), executed.result());
        assertEquals("wp\n", env.out("user"), "relation-get works with the hook's live client id");
        assertEquals(env.charmDir + "\n", env.out("pwd"));
        assertFalse(Files.exists(env.outDir.resolve("file-ran")), "the hook's file did not run");
        Map<String, String> shellEnv = parseEnv(env.out("env"));
        assertTrue(shellEnv.get("PATH").startsWith(runner.toolsDir() + ":"), shellEnv.get("PATH"));
        assertEquals(env.charmDir.toString(), shellEnv.get("CHARM_DIR"));
        assertEquals("db", shellEnv.get("JUJU_RELATION"));
        assertEquals("mysql/0", shellEnv.get("JUJU_REMOTE_UNIT"));
        assertEquals(32, shellEnv.get("JUJU_CLIENT_ID").length());
        assertFalse(shellEnv.containsKey("JUJUBE_TEST_CANARY"), "nothing of the agent's environment");
        // exactly the hook's variables, and what the pane and the shell add themselves
        assertEquals(java.util.Set.of("LANG", "HOME", "DEBIAN_FRONTEND", "APT_LISTCHANGES_FRONTEND", "PATH", "CHARM_DIR",
                "JUJU_UNIT_NAME", "JUJU_LOCAL_UNIT", "JUJU_SERVICE", "JUJU_CHARM", "JUJU_AGENT_SOCKET", "JUJU_SOCKET",
                "JUJU_CLIENT_ID", "JUJU_RELATION", "JUJU_RELATION_ID", "JUJU_REMOTE_UNIT", "JUJU_MEMBERS",
                "JUJU_VERSION", "JUJU_CHARM_DIR", "JUJU_MODEL_NAME", "JUJU_MODEL_UUID", "JUJU_MACHINE_ID",
                "JUJU_PRINCIPAL_UNIT", "JUJU_HOOK_NAME", "JUJU_DISPATCH_PATH", "JUJU_REMOTE_APP",
                "TERM", "PWD", "SHLVL", "_"), shellEnv.keySet());
        assertEquals(Map.of("answer", "42"), executed.effects().settings().get(env.db.id()));
        POLLING.until(() -> !windows().contains("db-relation-changed"));
    }

    @Test
    void a_dispatch_charms_held_hook_is_a_shell_told_its_dispatch_path() throws Exception {
        env.state.units().setDebugHooks(UnitFixture.WORDPRESS, new DebugHooks(List.of("config-changed")));
        Path dispatch = env.charmDir.resolve("dispatch");
        Files.writeString(dispatch, "#!/bin/sh\necho \"$JUJU_DISPATCH_PATH\" > '" + env.outDir.resolve("dispatched") + "'\n");
        Files.setPosixFilePermissions(dispatch, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));

        CompletableFuture<HookResult> hook = CompletableFuture.supplyAsync(() -> runner.run("config-changed", Optional.empty()));
        String window = awaitWindow("config-changed");
        // Go juju's shell is told the event as dispatch would be: the operator runs ./dispatch by hand
        type(window, "echo \"$JUJU_DISPATCH_PATH $JUJU_HOOK_NAME\" > " + env.outDir.resolve("path.tmp") + " && mv "
                + env.outDir.resolve("path.tmp") + " " + env.outDir.resolve("path"));
        POLLING.until(() -> Files.exists(env.outDir.resolve("path")));
        type(window, "exit 0");

        assertEquals(new HookResult.Succeeded(), hook.get(20, TimeUnit.SECONDS));
        assertEquals("hooks/config-changed config-changed\n", env.out("path"));
        assertFalse(Files.exists(env.outDir.resolve("dispatched")), "the charm's dispatch did not run");
    }

    @Test
    void a_failing_shell_fails_the_hook_and_hooks_not_named_run_their_files() throws Exception {
        env.state.units().setDebugHooks(UnitFixture.WORDPRESS, new DebugHooks(List.of("config-changed")));
        env.hook("install", "echo ran > \"$OUT/install\"");

        assertEquals(new HookResult.Succeeded(), runner.run("install", Optional.empty()));
        assertEquals("ran\n", env.out("install"));

        CompletableFuture<HookResult> hook = CompletableFuture.supplyAsync(() -> runner.run("config-changed",
                Optional.empty()));
        type(awaitWindow("config-changed"), "exit 3");
        assertEquals(HookResult.Failed.exitCode(3), hook.get(20, TimeUnit.SECONDS));
    }

    @Test
    void a_held_action_is_a_shell_with_the_actions_environment_and_tools() throws Exception {
        env.state.units().setDebugHooks(UnitFixture.WORDPRESS, new DebugHooks(List.of("backup")));
        java.nio.file.Path file = env.charmDir.resolve("actions/backup");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "#!/bin/sh\necho ran > \"$OUT/action-ran\"\n");
        file.toFile().setExecutable(true);

        CompletableFuture<jujube.hooks.ActionOutcome> action = CompletableFuture.supplyAsync(() -> runner.runAction(
                new jujube.hooks.ActionCall("5", "backup", Map.of("target", "/srv"), m -> { }), Duration.ofSeconds(60),
                new HookFixture.Recording()));
        String window = awaitWindow("backup");
        type(window, "action-set target=$(action-get target) path=$JUJU_DISPATCH_PATH uuid=$JUJU_ACTION_UUID; exit 0");
        jujube.hooks.ActionOutcome outcome = action.get(20, TimeUnit.SECONDS);

        assertTrue(outcome.succeeded(), outcome.toString());
        assertEquals(Map.of("target", "/srv", "path", "actions/backup", "uuid", "5"), outcome.results());
        assertFalse(Files.exists(env.outDir.resolve("action-ran")), "the action's file did not run");
    }

    @Test
    void ending_the_debug_session_ends_the_held_hook_and_the_next_runs_its_file() throws Exception {
        env.state.units().setDebugHooks(UnitFixture.WORDPRESS, new DebugHooks(List.of("*")));
        env.hook("start", "echo ran > \"$OUT/start\"");
        CompletableFuture<HookResult> hook = CompletableFuture.supplyAsync(() -> runner.run("start", Optional.empty()));
        awaitWindow("start");

        env.state.units().clearDebugHooks(UnitFixture.WORDPRESS);

        assertFalse(hook.get(20, TimeUnit.SECONDS).isSuccess());
        POLLING.until(() -> !windows().contains("start"));
        POLLING.until(() -> runner.run("start", Optional.empty()).isSuccess() && Files.exists(env.outDir.resolve("start")));
    }

    @Test
    void the_hook_timeout_applies_and_closes_the_window() throws Exception {
        runner.close();
        runner = ContextUnitHookRunner.start(env.setup(ProcessServices.invoker(Duration.ofSeconds(2),
                Duration.ofMillis(200))), ProcessServices.records(), log, SocketPaths.standard());
        env.state.units().setDebugHooks(UnitFixture.WORDPRESS, new DebugHooks(List.of("stop")));

        CompletableFuture<HookResult> hook = CompletableFuture.supplyAsync(() -> runner.run("stop", Optional.empty()));
        awaitWindow("stop");

        assertEquals(HookResult.Failed.timedOut(Duration.ofSeconds(2)), hook.get(20, TimeUnit.SECONDS));
        POLLING.until(() -> !windows().contains("stop"));
    }

    @Test
    void patterns_are_shell_patterns() {
        DebugHooks hooks = new DebugHooks(List.of("db-relation-*", "config-change?", "[ij]nstal?"));
        assertTrue(HookDebugger.matches(hooks, "db-relation-joined"));
        assertTrue(HookDebugger.matches(hooks, "config-changed"));
        assertTrue(HookDebugger.matches(hooks, "install"));
        assertFalse(HookDebugger.matches(hooks, "start"));
        assertFalse(HookDebugger.matches(hooks, "cluster-relation-joined"));
        assertFalse(HookDebugger.matches(new DebugHooks(List.of("[!s]*")), "start"));
        assertTrue(HookDebugger.matches(new DebugHooks(List.of("*")), "upgrade-charm"));
    }

    private List<String> windows() {
        try {
            Process p = new ProcessBuilder(tmux.command("list-windows", "-t", tmux.target(), "-F", "#{window_name} #{window_id}"))
                    .directory(env.unitDir.toFile())
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            p.waitFor();
            return out.lines().toList();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** Waits for the hook's window; returns its id. */
    private String awaitWindow(String hook) {
        POLLING.until(() -> windows().stream().anyMatch(w -> w.startsWith(hook + " @")));
        return windows().stream().filter(w -> w.startsWith(hook + " @")).findFirst().orElseThrow().split(" ")[1];
    }

    private void type(String window, String line) throws Exception {
        assertEquals(0, tmux.run("send-keys", "-t", window, "-l", line));
        assertEquals(0, tmux.run("send-keys", "-t", window, "Enter"));
    }

    private static Map<String, String> parseEnv(String text) {
        Map<String, String> vars = new java.util.TreeMap<>();
        text.lines().filter(l -> l.contains("=")).forEach(l -> vars.put(l.substring(0, l.indexOf('=')),
                l.substring(l.indexOf('=') + 1)));
        return vars;
    }
}
