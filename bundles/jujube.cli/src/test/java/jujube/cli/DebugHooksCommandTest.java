package jujube.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import jujube.model.DebugHooks;
import jujube.state.Presence;
import jujube.model.UnitName;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.Test;

/**
 * debug-hooks against a real ZooKeeper and a real tmux (process machines): what it refuses, each in one
 * line, and a detached session ({@code --no-attach}) that holds the flag until its tmux session ends.
 * The agent's side (hooks held in windows) is tested in jujube.hooks and, end to end, by DebugHooksIT.
 */
class DebugHooksCommandTest extends CliFixture {
    /** Waits for the command's own threads: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Awaitility.with().atMost(Duration.ofSeconds(20))
            .pollInterval(Duration.ofMillis(10)).dontCatchUncaughtExceptions();

    private static final UnitName MYSQL = UnitName.parse("mysql/0");

    @Test
    void bad_inputs_are_one_line_errors() throws Exception {
        deploy("local:mysql").assertOk(); // mysql/0 on machine 0, whose agent does not run here
        assertEquals("jujube: unit nosuch/0 does not exist", run("debug-hooks", "nosuch/0").assertFailure());
        assertEquals("jujube: machine 0 of unit mysql/0 is not running (no machine agent connected): see 'jujube status'",
                run("debug-hooks", "mysql/0").assertFailure());
        try (Presence machine = state.machines().connectAgent(0)) {
            String badHook = run("debug-hooks", "mysql/0", "no-such-hook").assertFailure();
            assertTrue(badHook.startsWith("jujube: Charm 'local:precise/mysql-"), badHook);
            assertEquals("jujube: Ambiguous to debug all hooks and named hooks [*, install]",
                    run("debug-hooks", "mysql/0", "*", "install").assertFailure());
            String notDeployed = run("debug-hooks", "mysql/0").assertFailure();
            assertTrue(notDeployed.contains("not deployed on machine 0 yet"), notDeployed);
            String todays = run("debug-hooks", "mysql/0", "leader-elected", "update-status", "db-relation-created")
                    .assertFailure();
            assertTrue(todays.contains("not deployed on machine 0 yet"), "today's hooks are hooks: " + todays);
        }
        assertEquals(List.of(), state.units().flags(MYSQL).debugHooks().stream().toList(), "no flag left");
    }

    @Test
    void a_detached_session_holds_the_flag_refuses_a_second_and_ends_with_its_tmux_session() throws Exception {
        deploy("local:mysql").assertOk();
        Path unitDir = Files.createDirectories(home.resolve("environments").resolve(envName)
                .resolve("machines/machine-0/units/mysql-0/charm")).getParent();
        try (Presence machine = state.machines().connectAgent(0)) {
            CompletableFuture<Result> session = CompletableFuture.supplyAsync(
                    () -> run("debug-hooks", "--no-attach", "mysql/0", "config-changed", "db-relation-*"));
            POLLING.until(() -> state.units().flags(MYSQL).debugHooks().isPresent() || session.isDone());
            assertTrue(!session.isDone(), () -> session.join().toString());
            assertEquals(new DebugHooks(List.of("config-changed", "db-relation-*")),
                    state.units().flags(MYSQL).debugHooks().get());
            assertEquals(0, tmux(unitDir, "has-session", "-t", "=jujube-mysql-0"), "the session is made");

            assertEquals("jujube: Service unit 'mysql/0' is already in debug mode (another debug-hooks session runs)",
                    run("debug-hooks", "mysql/0").assertFailure());
            assertEquals(0, tmux(unitDir, "has-session", "-t", "=jujube-mysql-0"), "the refused one left it alone");

            assertEquals(0, tmux(unitDir, "kill-session", "-t", "=jujube-mysql-0"));
            Result ended = session.get(30, TimeUnit.SECONDS).assertOk();
            assertTrue(ended.out().contains("attach with: env -C " + unitDir + " tmux -S tmux.socket attach -t jujube-mysql-0"),
                    ended.out());
            assertTrue(ended.out().endsWith("Debug session of mysql/0 ended: its hooks run again\n"), ended.out());
            assertTrue(state.units().flags(MYSQL).debugHooks().isEmpty(), "the flag is cleared");
        }
    }

    private static int tmux(Path unitDir, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("tmux", "-S", "tmux.socket"));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).directory(unitDir.toFile()).inheritIO().start().waitFor();
    }
}
