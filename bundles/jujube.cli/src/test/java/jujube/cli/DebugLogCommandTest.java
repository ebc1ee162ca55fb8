package jujube.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import jujube.model.LogRecord;
import jujube.model.UnitName;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.zookeeper.CreateMode;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.Test;

/** debug-log: the stored history (all, the last N), filters, following, and refused patterns. */
class DebugLogCommandTest extends CliFixture {
    /** Waits for the command's own threads: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Awaitility.with().atMost(Duration.ofSeconds(20))
            .pollInterval(Duration.ofMillis(10)).dontCatchUncaughtExceptions();

    private static final Instant T = Instant.parse("2012-06-01T10:00:00Z");

    @Test
    void replay_prints_the_history_filtered_and_no_tail_returns() {
        state.debugLog().append(List.of(new LogRecord("mysql/0", "INFO", "installed", T),
                new LogRecord("blog/0", "DEBUG", "noise", T), new LogRecord("blog/1", "ERROR", "hook failed", T),
                new LogRecord("blog/0", "WARNING", "slow", T)));
        assertEquals("2012-06-01T10:00:00Z blog/1 ERROR: hook failed\n2012-06-01T10:00:00Z blog/0 WARNING: slow\n",
                run("debug-log", "--replay", "-i", "blog", "--level", "info", "--no-tail").assertOk().out());
        assertEquals("2012-06-01T10:00:00Z mysql/0 INFO: installed\n",
                run("debug-log", "--replay", "-x", "blog", "--no-tail").assertOk().out());
        assertEquals(2, run("debug-log", "--level", "loud").code());
    }

    @Test
    void lines_gives_the_last_records_across_writers_in_order_ten_by_default() throws Exception {
        deploy("local:mysql").assertOk();
        deploy("local:wordpress", "blog").assertOk();
        String mysql = "/logs/" + state.units().get(UnitName.parse("mysql/0")).id();
        String blog = "/logs/" + state.units().get(UnitName.parse("blog/0")).id();
        try (CuratorFramework raw = CuratorFrameworkFactory.builder().connectString(zk.getConnectString())
                .authorization("digest", (admin.principal() + ":" + admin.secret()).getBytes(StandardCharsets.UTF_8))
                .retryPolicy(new RetryOneTime(100)).namespace(chroot).build()) {
            raw.start();
            for (int i = 0; i < 12; i++) {
                boolean even = i % 2 == 0;
                String json = "{\"unit\":\"" + (even ? "mysql/0" : "blog/0") + "\",\"level\":\"INFO\",\"message\":\"m" + i
                        + "\",\"timestamp\":\"" + T + "\"}";
                raw.create().withMode(CreateMode.PERSISTENT_SEQUENTIAL).forPath((even ? mysql : blog) + "/log-",
                        json.getBytes(StandardCharsets.UTF_8));
            }
        }
        state.debugLog().append(new LogRecord("machine-0", "INFO", "m12", T)); // the administrator's log: a third writer
        assertEquals("2012-06-01T10:00:00Z blog/0 INFO: m11\n2012-06-01T10:00:00Z machine-0 INFO: m12\n",
                run("debug-log", "-n", "2", "--no-tail").assertOk().out());
        assertEquals("2012-06-01T10:00:00Z mysql/0 INFO: m8\n2012-06-01T10:00:00Z mysql/0 INFO: m10\n",
                run("debug-log", "-n", "2", "-i", "mysql", "--no-tail").assertOk().out(), "counted after the filter");
        List<String> lines = run("debug-log", "--no-tail").assertOk().out().lines().toList();
        assertEquals(IntStream.rangeClosed(3, 12).mapToObj(i -> "m" + i).toList(),
                lines.stream().map(l -> l.substring(l.lastIndexOf(' ') + 1)).toList(), lines::toString);
        assertEquals(13, run("debug-log", "-r", "--no-tail").assertOk().out().lines().count());
        assertEquals(2, run("debug-log", "-n", "-1", "--no-tail").code());
    }

    @Test
    void after_the_history_it_follows_the_new_records() throws Exception {
        state.debugLog().append(new LogRecord("mysql/0", "INFO", "before", T));
        CompletableFuture<Result> tail = CompletableFuture.supplyAsync(
                () -> run("debug-log", "-n", "1", "-i", "mysql/0", "--limit", "2"));
        AtomicInteger n = new AtomicInteger();
        // whichever of these the command reads as history, the next it prints as it follows
        POLLING.until(() -> {
            state.debugLog().append(new LogRecord("blog/0", "ERROR", "filtered out", T));
            state.debugLog().append(new LogRecord("mysql/0", "ERROR", "new " + n.incrementAndGet(), T));
            return tail.isDone();
        });
        List<String> lines = tail.get(20, TimeUnit.SECONDS).assertOk().out().lines().toList();
        assertEquals(2, lines.size(), lines::toString);
        assertTrue(lines.get(1).startsWith("2012-06-01T10:00:00Z mysql/0 ERROR: new "), lines::toString);
    }

    @Test
    void a_malformed_name_pattern_is_refused_at_once_and_changes_nothing() throws Exception {
        Map<String, String> before = snapshot();
        for (List<String> args : List.of(List.of("-i", "mysql/[0"), List.of("-x", "[z-a]*"), List.of("-i", ""))) {
            Result refused = assertTimeoutPreemptively(Duration.ofSeconds(20),
                    () -> run("debug-log", args.toArray(String[]::new)));
            assertEquals(2, refused.code(), refused::toString);
            String first = refused.err().lines().findFirst().orElse("");
            assertTrue(first.contains("'" + args.get(1) + "'") && first.contains("not a valid name pattern"), first);
        }
        assertEquals(before, snapshot());
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
                run("debug-log", "-r", "-x", "hook.*", "--no-tail").assertOk().out());
        assertEquals("2012-06-01T10:00:00Z mysql/0: hook.output INFO: output\n"
                + "2012-06-01T10:00:00Z mysql/0: unit.hook.api INFO: juju-log\n"
                + "2012-06-01T10:00:00Z machine-0: machine.agent INFO: deployed mysql/0\n",
                run("debug-log", "-r", "-i", "machine-0", "--no-tail").assertOk().out());
        assertEquals("2012-06-01T10:00:00Z blog/3: hook.output INFO: elsewhere\n",
                run("debug-log", "-r", "-i", "b*/[0-9]", "--no-tail").assertOk().out());
    }

    @Test
    void a_record_prints_as_one_line_whatever_a_hook_wrote() throws Exception {
        state.debugLog().append(new LogRecord("mysql/0", "hook.output", "INFO",
                "ok\n2012-06-01T10:00:00Z mysql/0 ERROR: forged\u001b[2J", T));
        Path file = home.resolve("debug.log");
        assertEquals("", run("debug-log", "-r", "--no-tail", "-o", file.toString()).assertOk().out());
        assertEquals("2012-06-01T10:00:00Z mysql/0: hook.output INFO: ok\\n2012-06-01T10:00:00Z mysql/0 ERROR: forged\\x1b[2J\n",
                Files.readString(file));
    }
}
