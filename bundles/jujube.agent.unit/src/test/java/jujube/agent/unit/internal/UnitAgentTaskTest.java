package jujube.agent.unit.internal;

import static jujube.agent.unit.internal.UnitAgentFixture.UNIT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import jujube.state.TaskInfo;
import jujube.state.TaskStatus;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.Test;

/** Actions at the agent: tasks run in turn with the hooks, in an error state too, once, within their timeout. */
class UnitAgentTaskTest extends UnitAgentTestBase {
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10)).atMost(Duration.ofSeconds(20));

    private void action(String name, String script) throws IOException {
        Path file = Files.createDirectories(fx.unitDir.resolve("charm/actions")).resolve(name);
        Files.writeString(file, "#!/bin/sh\n" + script);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
    }

    private String enqueue(String action, Map<String, Object> params, Duration timeout) {
        return fx.state.tasks().enqueue(action, List.of(UNIT), params, timeout).tasks().get(0);
    }

    private TaskInfo ended(String id) throws InterruptedException {
        TaskInfo task = fx.state.tasks().await(id, Duration.ofSeconds(30)).orElseThrow();
        assertTrue(task.status().isFinal(), () -> "task " + id + " still " + task.status());
        return task;
    }

    @Test
    void an_action_runs_after_the_running_hook_with_its_parameters_results_and_log() throws Exception {
        Path hook = fx.unitDir.resolve("charm/hooks/install");
        Path running = root.resolve("install-running");
        Path release = root.resolve("release");
        Files.writeString(hook, "#!/bin/sh\ntouch '" + running + "'\nwhile [ ! -e '" + release + "' ]; do sleep 0.05; done\n"
                + "rm '" + running + "'\n");
        action("backup", "test -e '" + running + "' && beside=yes || beside=no\n"
                + "action-log \"starting $(action-get target)\"\n"
                + "action-set beside=$beside out.days=\"$(action-get retention.days)\" "
                + "env=\"$JUJU_ACTION_NAME $JUJU_ACTION_TAG $JUJU_DISPATCH_PATH ${JUJU_HOOK_NAME:-none}\" "
                + "uuid=\"$JUJU_ACTION_UUID\"\n"
                + "echo done\n");
        fx.startAgent(0);
        POLLING.await("install running").until(() -> Files.exists(running));
        String id = enqueue("backup", Map.of("target", "/srv", "retention", Map.of("days", 7)), Duration.ofSeconds(20));
        Thread.sleep(200);
        assertEquals(TaskStatus.PENDING, fx.state.tasks().task(id).orElseThrow().status(), "not beside the hook");
        Files.writeString(release, "");

        TaskInfo task = ended(id);
        assertEquals(TaskStatus.COMPLETED, task.status(), task.message());
        assertEquals(Map.of("beside", "no", "out", Map.of("days", "7"), "env", "backup action-" + id + " actions/backup none",
                "uuid", id, "return-code", 0, "stdout", "done\n"), task.results());
        assertEquals(List.of("starting /srv"), task.log().stream().map(TaskInfo.LogEntry::message).toList());
        assertTrue(task.started().orElseThrow().isBefore(task.completed().orElseThrow().plusMillis(1)));
    }

    @Test
    void a_unit_in_error_runs_actions_and_a_failure_says_why() throws Exception {
        fx.failHook("install", true);
        action("fail-politely", "action-set partial=yes\naction-fail 'disk full'\necho after the failure\n");
        action("crash", "echo oops >&2\nexit 3\n");
        action("slow", "echo started\nexec sleep 30\n");
        fx.startAgent(0);
        POLLING.await("install_error").until(() -> "install_error".equals(fx.replicatedState()));

        TaskInfo polite = ended(enqueue("fail-politely", Map.of(), Duration.ofSeconds(20)));
        assertEquals(List.of(TaskStatus.FAILED, "disk full", "yes", "after the failure\n"), List.of(polite.status(),
                polite.message(), polite.results().get("partial"), polite.results().get("stdout")));
        TaskInfo crash = ended(enqueue("crash", Map.of(), Duration.ofSeconds(20)));
        assertEquals(List.of(TaskStatus.FAILED, "exit status 3", 3, "oops\n"), List.of(crash.status(), crash.message(),
                crash.results().get("return-code"), crash.results().get("stderr")));
        TaskInfo slow = ended(enqueue("slow", Map.of(), Duration.ofMillis(500)));
        assertEquals(TaskStatus.FAILED, slow.status());
        assertTrue(slow.message().startsWith("timed out"), slow.message());
        TaskInfo missing = ended(enqueue("nosuch", Map.of(), Duration.ofSeconds(20)));
        assertEquals(List.of(TaskStatus.FAILED, "the charm has neither a dispatch nor actions/nosuch"),
                List.of(missing.status(), missing.message()));
        assertEquals("install_error", fx.replicatedState(), "an action leaves the unit's state as it was");
    }

    @Test
    void a_task_running_when_its_agent_died_is_aborted_and_a_cancelled_one_never_runs() throws Exception {
        Path ran = root.resolve("ran");
        action("touch", "echo \"$JUJU_ACTION_UUID\" >> '" + ran + "'\n");
        String interrupted = enqueue("touch", Map.of(), Duration.ofSeconds(20));
        assertTrue(fx.state.tasks().start(UNIT, interrupted)); // as the agent that died did
        String cancelled = enqueue("touch", Map.of(), Duration.ofSeconds(20));
        assertEquals(TaskStatus.CANCELLED, fx.state.tasks().cancel(cancelled).status());
        fx.startAgent(0);

        TaskInfo aborted = ended(interrupted);
        assertEquals(TaskStatus.ABORTED, aborted.status());
        assertTrue(aborted.message().contains("stopped while it ran"), aborted.message());
        String after = enqueue("touch", Map.of(), Duration.ofSeconds(20));
        assertEquals(TaskStatus.COMPLETED, ended(after).status(), "the agent runs the tasks after them");
        assertEquals(TaskStatus.CANCELLED, fx.state.tasks().task(cancelled).orElseThrow().status());
        assertEquals(List.of(after), Files.readAllLines(ran), "the first two never ran");
        assertEquals(List.of(TaskStatus.ABORTED, TaskStatus.CANCELLED, TaskStatus.COMPLETED),
                fx.state.tasks().list().stream().map(TaskInfo::status).toList());
    }
}
