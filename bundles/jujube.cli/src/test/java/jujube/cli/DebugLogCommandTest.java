package jujube.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import jujube.model.LogRecord;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.Test;

/** debug-log: replay, filters, tail, and the listening that turns the agents' publishing on and off. */
class DebugLogCommandTest extends CliFixture {
    /** Waits for the command's own threads: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Awaitility.with().atMost(Duration.ofSeconds(20))
            .pollInterval(Duration.ofMillis(10)).dontCatchUncaughtExceptions();

    private static final Instant T = Instant.parse("2012-06-01T10:00:00Z");

    @Test
    void replays_filters_and_tails() throws Exception {
        state.debugLog().append(List.of(new LogRecord("mysql/0", "INFO", "installed", T),
                new LogRecord("blog/0", "DEBUG", "noise", T), new LogRecord("blog/1", "ERROR", "hook failed", T),
                new LogRecord("blog/0", "WARNING", "slow", T)));
        assertEquals("2012-06-01T10:00:00Z blog/1 ERROR: hook failed\n2012-06-01T10:00:00Z blog/0 WARNING: slow\n",
                run("debug-log", "--replay", "-i", "blog", "--level", "info", "-n", "2").assertOk().out());
        assertEquals("2012-06-01T10:00:00Z mysql/0 INFO: installed\n",
                run("debug-log", "--replay", "-x", "blog", "-n", "1").assertOk().out());
        CompletableFuture<Result> tail = CompletableFuture.supplyAsync(() -> run("debug-log", "-n", "1", "-i", "mysql/0"));
        // the tail skips what was logged before it started listening
        POLLING.until(() -> state.debugLog().isEnabled());
        state.debugLog().append(new LogRecord("blog/0", "ERROR", "filtered out", T));
        state.debugLog().append(new LogRecord("mysql/0", "ERROR", "new", T));
        assertEquals("2012-06-01T10:00:00Z mysql/0 ERROR: new\n", tail.get(20, TimeUnit.SECONDS).assertOk().out());
        assertEquals(2, run("debug-log", "--level", "loud").code());
    }

    @Test
    void the_agents_publish_only_while_a_debug_log_listens() throws Exception {
        assertFalse(state.debugLog().isEnabled());
        CompletableFuture<Result> tail = CompletableFuture.supplyAsync(() -> run("debug-log", "-n", "1"));
        POLLING.until(() -> state.debugLog().isEnabled());
        state.debugLog().append(new LogRecord("mysql/0", "INFO", "seen", T));
        assertEquals("2012-06-01T10:00:00Z mysql/0 INFO: seen\n", tail.get(20, TimeUnit.SECONDS).assertOk().out());
        assertFalse(state.debugLog().isEnabled(), "the last debug-log gone, the log is off");
    }

    @Test
    void filters_by_glob_channel_and_machine() throws Exception {
        deploy("local:mysql").assertOk(); // mysql/0 on machine 0 (placement local)
        state.debugLog().append(List.of(new LogRecord("mysql/0", "hook.output", "INFO", "output", T),
                new LogRecord("mysql/0", "unit.hook.api", "INFO", "juju-log", T),
                new LogRecord("machine-0", "machine.agent", "INFO", "deployed mysql/0", T),
                new LogRecord("blog/3", "hook.output", "INFO", "elsewhere", T)));
        assertEquals("2012-06-01T10:00:00Z mysql/0: unit.hook.api INFO: juju-log\n"
                + "2012-06-01T10:00:00Z machine-0: machine.agent INFO: deployed mysql/0\n",
                run("debug-log", "-r", "-x", "hook.*", "-n", "2").assertOk().out());
        assertEquals("2012-06-01T10:00:00Z mysql/0: hook.output INFO: output\n"
                + "2012-06-01T10:00:00Z mysql/0: unit.hook.api INFO: juju-log\n"
                + "2012-06-01T10:00:00Z machine-0: machine.agent INFO: deployed mysql/0\n",
                run("debug-log", "-r", "-i", "machine-0", "-n", "3").assertOk().out());
        assertEquals("2012-06-01T10:00:00Z blog/3: hook.output INFO: elsewhere\n",
                run("debug-log", "-r", "-i", "b*/[0-9]", "-n", "1").assertOk().out());
    }

    @Test
    void a_record_prints_as_one_line_whatever_a_hook_wrote() throws Exception {
        state.debugLog().append(new LogRecord("mysql/0", "hook.output", "INFO",
                "ok\n2012-06-01T10:00:00Z mysql/0 ERROR: forged\u001b[2J", T));
        Path file = home.resolve("debug.log");
        assertEquals("", run("debug-log", "-r", "-n", "1", "-o", file.toString()).assertOk().out());
        assertEquals("2012-06-01T10:00:00Z mysql/0: hook.output INFO: ok\\n2012-06-01T10:00:00Z mysql/0 ERROR: forged\\x1b[2J\n",
                Files.readString(file));
    }
}
