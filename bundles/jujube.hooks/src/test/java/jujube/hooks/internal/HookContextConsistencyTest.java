package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import jujube.hooks.HookResult;
import jujube.hooks.RelationHookInfo;
import jujube.hooks.UnitHookSetup;
import jujube.hooks.tools.JavaFallback;
import jujube.state.StateConnection;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a hook sees while others change the environment, what a flush keeps of their changes, and how
 * long a client id lives. Hooks pause on a named pipe so the test can change ZooKeeper mid-hook.
 */
class HookContextConsistencyTest extends ContextRunnerFixture {
    /** Waits for what hooks and the unit's threads do: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10)).atMost(Duration.ofSeconds(20));

    private final ExecutorService hookThread = Executors.newSingleThreadExecutor(r -> new Thread(r, "test-hook-runner"));

    /** Before the fixture closes the runner: a hook still running in the background must end first. */
    @AfterEach
    void stopHookThread() throws Exception {
        hookThread.shutdownNow();
        assertTrue(hookThread.awaitTermination(20, TimeUnit.SECONDS));
    }

    private Future<HookResult> runInBackground(String hook, Optional<RelationHookInfo> relation) {
        return hookThread.submit(() -> runner.run(hook, relation, new HookFixture.Recording()));
    }

    @Test
    void the_first_read_of_a_node_fixes_it_and_a_flush_keeps_concurrent_changes_to_other_keys() throws Exception {
        env.wordpressSide().updateSettings(Map.of("a", "0", "gone", "soon"));
        Path fifo = env.fifo("go");
        env.hook("db-relation-changed", """
                relation-get user > "$OUT/before"
                relation-get a wordpress/0 > "$OUT/own-before"
                relation-set a=1 gone=
                touch "$OUT/paused"
                read line < "$OUT/go"
                relation-get user > "$OUT/after"
                relation-get - wordpress/0 > "$OUT/own-after"
                """);
        Future<HookResult> running = runInBackground("db-relation-changed", Optional.of(env.dbChanged()));
        POLLING.until(() -> Files.exists(env.outDir.resolve("paused")));

        env.mysqlSide().updateSettings(Map.of("user", "admin"));
        env.wordpressSide().updateSettings(Map.of("b", "2", "a", "9"));
        Files.writeString(fifo, "go\n");

        assertEquals(new HookResult.Succeeded(), running.get(20, TimeUnit.SECONDS));
        assertEquals("wp\n", env.out("before"));
        assertEquals("wp\n", env.out("after"), "the remote node as first read, not the change made meanwhile");
        assertEquals("0\n", env.out("own-before"));
        assertEquals("a: \"1\"\nprivate-address: 10.0.0.2\n", env.out("own-after"),
                "its own node as first read plus its own writes");
        assertEquals(Map.of("private-address", "10.0.0.2", "a", "1", "b", "2"), env.wordpressSide().settings().values(),
                "the hook's keys merged onto the current node: the concurrent b survives");
        assertEquals(List.of(env.dbId + " Setting changed: 'a'='1' (was '9')",
                env.dbId + " Setting deleted: 'gone' (was 'soon')"), log.settingLines(),
                "changes are told against what the flush replaced");
    }

    @Test
    void a_flush_that_changes_nothing_logs_nothing() throws Exception {
        env.wordpressSide().updateSettings(Map.of("a", "1"));
        env.hook("db-relation-changed", "relation-set a=1 never-set=\nopen-port 22/tcp");

        assertEquals(new HookResult.Succeeded(), runner.run("db-relation-changed", Optional.of(env.dbChanged()),
                new HookFixture.Recording()));

        assertEquals(1, log.flushes.size());
        assertTrue(log.flushes.get(0).isEmpty(), log.flushes.get(0).toString());
    }

    @Test
    void a_client_id_expires_with_its_hook() throws Exception {
        env.hook("db-relation-changed", """
                echo "$JUJU_CLIENT_ID" > "$OUT/id"
                relation-get user > "$OUT/user"
                """);
        assertEquals(new HookResult.Succeeded(), runner.run("db-relation-changed", Optional.of(env.dbChanged()),
                new HookFixture.Recording()));
        String clientId = env.out("id").strip();
        assertEquals("wp\n", env.out("user"));

        HookToolCall late = HookToolCall.run(runner.socketPath(), clientId, "relation-get", "-r",
                env.dbChanged().relationId(), "-", "mysql/0");
        assertEquals(new HookToolCall(1, "", "relation-get: error: unknown or expired client id\n"), late);
        HookToolCall guessed = HookToolCall.run(runner.socketPath(), "0".repeat(32), "relation-set", "-r",
                env.dbChanged().relationId(), "a=1");
        assertEquals(new HookToolCall(1, "", "relation-set: error: unknown or expired client id\n"), guessed);
    }

    @Test
    void a_child_left_running_cannot_write_after_its_hook_ended() throws Exception {
        Path fifo = env.fifo("go");
        env.hook("db-relation-changed", """
                ( read line < "$OUT/go"; relation-set late=1 2> "$OUT/late"; echo "exit $?" >> "$OUT/late" ) \
                    > /dev/null 2>&1 < /dev/null &
                relation-set early=1
                """);
        assertEquals(new HookResult.Succeeded(), runner.run("db-relation-changed", Optional.of(env.dbChanged()),
                new HookFixture.Recording()));

        Files.writeString(fifo, "go\n");
        POLLING.until(() -> {
            try {
                return env.out("late").endsWith("exit 1\n");
            } catch (java.io.IOException notYet) {
                return false;
            }
        });
        assertTrue(env.out("late").contains("unknown or expired client id"), env.out("late"));
        Map<String, Object> own = env.wordpressSide().settings().values();
        assertEquals("1", own.get("early"));
        assertEquals(null, own.get("late"));
    }

    @Test
    void a_broken_relation_has_no_members_shows_only_its_own_settings_and_refuses_writes() throws Exception {
        env.wordpressSide().updateSettings(Map.of("database", "wp"));
        env.hook("db-relation-broken", """
                echo "[$JUJU_REMOTE_UNIT][$JUJU_MEMBERS]" > "$OUT/env"
                relation-list > "$OUT/list"
                relation-get database wordpress/0 > "$OUT/own"
                relation-get user mysql/0 2> "$OUT/remote"; echo "exit $?" >> "$OUT/remote"
                relation-set database= 2> "$OUT/set"; echo "exit $?" >> "$OUT/set"
                """);
        RelationHookInfo broken = new RelationHookInfo("db", env.dbId, null, List.of("mysql/0"));

        assertEquals(new HookResult.Succeeded(), runner.run("db-relation-broken", Optional.of(broken),
                new HookFixture.Recording()));

        assertEquals("[][mysql/0]\n", env.out("env"), "the environment says what the caller passed");
        assertEquals("", env.out("list"), "the context has no members");
        assertEquals("wp\n", env.out("own"));
        assertTrue(env.out("remote").contains("is broken") && env.out("remote").endsWith("exit 1\n"), env.out("remote"));
        assertTrue(env.out("set").contains("can no longer be changed") && env.out("set").endsWith("exit 1\n"), env.out("set"));
        assertEquals("wp", env.wordpressSide().settings().values().get("database"));
    }

    @Test
    void a_broken_relation_already_removed_reads_as_empty() throws Exception {
        String dbId = env.dbId;
        env.leaveRelation();
        env.state.relations().remove(env.db.id());
        env.hook("db-relation-broken", "relation-get - wordpress/0 > \"$OUT/own\"; relation-ids db > \"$OUT/ids\"");

        assertTrue(runner.run("db-relation-broken", Optional.of(new RelationHookInfo("db", dbId, null, List.of())),
                new HookFixture.Recording()).isSuccess());

        assertEquals("{}\n", env.out("own"), "the relation's nodes went with it");
        assertEquals("", env.out("ids"));
    }

    @Test
    void writes_that_cannot_be_saved_fail_the_hook() throws Exception {
        Path fifo = env.fifo("go");
        env.hook("db-relation-changed", "relation-set a=1\ntouch \"$OUT/paused\"\nread line < \"$OUT/go\"");
        runner.close();
        StateConnection agentState = env.connectAgain();
        runner = ContextUnitHookRunner.start(new UnitHookSetup(agentState.unit(UnitFixture.WORDPRESS), ProcessServices.invoker(Duration.ofSeconds(20),
                Duration.ofMillis(200)), env.unitDir, env.charmDir, new ObjectMapper(),
                JavaFallback.fromRuntime()), ProcessServices.records(), log, SocketPaths.standard());
        Future<HookResult> running = runInBackground("db-relation-changed", Optional.of(env.dbChanged()));
        POLLING.until(() -> Files.exists(env.outDir.resolve("paused")));

        agentState.close(); // as good as ZooKeeper gone for the agent: every later request fails at once
        Files.writeString(fifo, "go\n");

        HookResult result = running.get(20, TimeUnit.SECONDS);
        assertTrue(result instanceof HookResult.Failed failed && failed.reason().startsWith("could not save settings: "),
                result.toString());
        assertEquals(List.of(), log.flushes);
        assertEquals(null, env.wordpressSide().settings().values().get("a"));
    }
}
