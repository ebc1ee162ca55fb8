package jujube.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import jujube.state.Presence;
import jujube.state.RunResult;
import jujube.model.StatusEntry;
import jujube.model.UnitName;
import jujube.state.Watch;
import org.junit.jupiter.api.Test;

/**
 * run, scp, ssh and status-history against a real ZooKeeper; the unit's agent is played by the test (it
 * answers run requests through the same state API). The real agents are in the distribution's tests.
 */
class OperateCommandsTest extends CliFixture {
    private static final UnitName MYSQL = UnitName.parse("mysql/0");

    /** Answers every request for mysql/0 by running nothing: exit 3 when the command says "fail". */
    private Watch fakeAgent() {
        return state.runs().watch(MYSQL, change -> change.current().values().forEach(r -> {
            if (state.runs().claim(MYSQL, r.id())) {
                boolean fail = r.command().contains("fail");
                state.runs().answer(MYSQL, r.id(), new RunResult(fail ? 3 : 0, "ran: " + r.command() + "\n",
                        fail ? "boom\n" : "", ""));
            }
        }));
    }

    @Test
    void run_prints_each_units_result_and_fails_when_a_command_failed() throws Exception {
        deploy("local:mysql").assertOk();
        Map<String, String> before = snapshot();
        try (Watch agent = fakeAgent()) {
            assertEquals("- unit: mysql/0\n  exit-code: 0\n  stdout: |\n    ran: echo hi\n  stderr: \"\"\n",
                    run("exec", "--unit", "mysql/0", "echo", "hi").assertOk().out());
            Result failed = run("exec", "--service", "mysql", "--format", "json", "fail");
            assertEquals("jujube: mysql/0: exit code 3", failed.assertFailure());
            assertTrue(failed.out().contains("\"exit-code\" : 3") && failed.out().contains("\"stderr\" : \"boom\\n\""),
                    failed.out());
        }
        assertEquals(before, snapshot(), "every request removed");
    }

    @Test
    void run_refuses_bad_targets_and_times_out_naming_the_unit_whose_agent_is_down() throws Exception {
        deploy("local:mysql").assertOk();
        Map<String, String> before = snapshot();
        assertEquals("jujube: unit nosuch/0 does not exist", run("exec", "--unit", "nosuch/0", "true").assertFailure());
        assertEquals("jujube: machine 7 does not exist", run("exec", "--machine", "7", "true").assertFailure());
        assertEquals(2, run("exec", "--unit", "mysql/0", "--all", "true").code());
        assertEquals(2, run("exec", "--unit", "mysql/0", "--timeout", "soon", "true").code());
        assertEquals(2, run("exec", "--all").code());
        Result late = run("exec", "--unit", "mysql/0", "--timeout", "100ms", "true");
        assertEquals("jujube: mysql/0: no answer within 5100 ms (its agent is down: 'jujube status mysql/0')",
                late.assertFailure());
        assertEquals(before, snapshot(), "nothing changed");
    }

    @Test
    void status_history_and_status_show_what_the_agent_published() throws Exception {
        deploy("local:mysql").assertOk();
        assertEquals("unit mysql/0 has no recorded transitions yet\n", run("status-history", "mysql/0").assertOk().out());
        Instant t = Instant.parse("2012-06-01T10:00:00Z");
        state.units().recordStatus(MYSQL, new StatusEntry(t, "installed", "install", ""));
        state.units().recordStatus(MYSQL, new StatusEntry(t.plusSeconds(1), "start_error", "start",
                "hook start failed: exit code 1"));
        state.units().setWorkflowState(MYSQL, "start_error", "hook start failed: exit code 1");
        assertEquals("""
                TIME                  STATE        HOOK   MESSAGE
                2012-06-01T10:00:01Z  start-error  start  hook start failed: exit code 1
                """, run("status-history", "mysql/0", "-n", "1").assertOk().out());
        assertTrue(run("status-history", "mysql/0").assertOk().out().contains("2012-06-01T10:00:00Z  installed"));
        String status = run("status").assertOk().out();
        assertTrue(status.contains(
                "agent-state: start-error\n        agent-state-info: \"hook start failed: exit code 1\"\n"), status);
        assertEquals("jujube: unit mysql/9 does not exist", run("status-history", "mysql/9").assertFailure());
        assertEquals(2, run("status-history", "mysql/0", "-n", "0").code());
    }

    @Test
    void scp_copies_both_ways_on_a_process_machine_and_refuses_bad_targets() throws Exception {
        deploy("local:mysql").assertOk();
        Path unitDir = home.resolve("environments").resolve(envName).resolve("machines/machine-0/units/mysql-0");
        Files.createDirectories(unitDir);
        Path local = Files.writeString(home.resolve("notes.txt"), "hello\n");
        assertEquals("jujube: unit mysql/0: machine 0 is not running (starting: waiting for its agent to connect for the"
                + " first time; 'jujube status' shows it)", run("scp", local.toString(), "mysql/0:").assertFailure());
        assertEquals("jujube: unit nosuch/0 does not exist", run("scp", local.toString(), "nosuch/0:x").assertFailure());
        assertEquals("jujube: machine 5 does not exist", run("ssh", "5", "true").assertFailure());
        try (Presence machine = state.machines().connectAgent(0)) {
            run("scp", local.toString(), "mysql/0:").assertOk();
            assertEquals("hello\n", Files.readString(unitDir.resolve("notes.txt")));
            run("scp", local.toString(), "mysql/0:renamed.txt").assertOk();
            assertEquals("hello\n", Files.readString(unitDir.resolve("renamed.txt")));
            Files.createDirectories(unitDir.resolve("logs/deep"));
            Files.writeString(unitDir.resolve("logs/deep/a.log"), "a\n");
            Path back = home.resolve("back");
            run("scp", "-r", "mysql/0:logs", back.toString()).assertOk();
            assertEquals("a\n", Files.readString(back.resolve("deep/a.log")));
            assertEquals("jujube: cannot copy unit mysql/0:logs: logs is a directory (use -r)",
                    run("scp", "mysql/0:logs", back.toString()).assertFailure());
            assertEquals("jujube: cannot copy unit mysql/0:nosuch: nosuch: no such file or directory",
                    run("scp", "mysql/0:nosuch", back.toString()).assertFailure());
            assertEquals(2, run("scp", local.toString(), back.toString()).code());
            try (var files = Files.list(unitDir)) {
                assertEquals(3, files.count(), "no temporary left");
            }
        }
    }

    @Test
    void run_answers_come_in_while_the_cli_waits() throws Exception {
        deploy("local:mysql").assertOk();
        CompletableFuture<Result> waiting = CompletableFuture.supplyAsync(() -> run("exec", "--all", "echo", "late"));
        try (Watch agent = fakeAgent()) {
            assertEquals(0, waiting.get(30, TimeUnit.SECONDS).code());
        }
    }
}
