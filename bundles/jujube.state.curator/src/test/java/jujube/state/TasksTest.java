package jujube.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import jujube.model.NoSuchUnitException;
import jujube.model.UnitName;
import org.junit.jupiter.api.Test;

/** Operations and tasks of actions, from the administrator's side and a unit's. */
class TasksTest extends ZooKeeperFixture {
    private List<UnitName> units(int n) {
        charm("mysql");
        state.services().add("mysql", "local:precise/mysql-1");
        return java.util.stream.IntStream.range(0, n).mapToObj(i -> state.units().add("mysql").name()).toList();
    }

    @Test
    void an_operation_queues_one_task_per_unit_numbered_from_one_sequence() throws Exception {
        List<UnitName> units = units(2);
        Tasks.Operation first = state.tasks().enqueue("backup", units, Map.of("days", 7), Duration.ofMinutes(1));
        Tasks.Operation second = state.tasks().enqueue("restore", List.of(units.get(1)), Map.of(), Duration.ofSeconds(5));
        long op = Long.parseLong(first.id());
        assertEquals(List.of(String.valueOf(op + 1), String.valueOf(op + 2)), first.tasks());
        assertEquals(String.valueOf(op + 3), second.id());
        assertEquals(List.of(String.valueOf(op + 4)), second.tasks());

        TaskInfo task = state.tasks().task(first.tasks().get(1)).orElseThrow();
        assertEquals(List.of(units.get(1), "backup", Map.of("days", 7), TaskStatus.PENDING, Duration.ofMinutes(1), first.id()),
                List.of(task.unit(), task.action(), task.params(), task.status(), task.timeout(), task.operation()));
        assertEquals(Optional.empty(), task.started());
        assertEquals(List.of("backup", "backup", "restore"), state.tasks().list().stream().map(TaskInfo::action).toList());
        assertEquals(Optional.empty(), state.tasks().task("999999"));
        assertEquals(Optional.empty(), state.tasks().task("x/../1"));
    }

    @Test
    void await_returns_at_the_end_or_the_timeout_and_the_log_keeps_its_order() throws Exception {
        UnitName unit = units(1).get(0);
        String id = state.tasks().enqueue("backup", List.of(unit), Map.of(), Duration.ofMinutes(1)).tasks().get(0);
        assertEquals(TaskStatus.PENDING, state.tasks().await(id, Duration.ofMillis(100)).orElseThrow().status());
        assertTrue(state.tasks().start(unit, id));
        assertFalse(state.tasks().start(unit, id), "a task starts once");
        state.tasks().log(unit, id, "one");
        state.tasks().log(unit, id, "two");
        var ending = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return state.tasks().await(id, Duration.ofSeconds(20));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        state.tasks().finish(unit, id, TaskStatus.FAILED, "disk full", Map.of("out", Map.of("size", "1G")));
        TaskInfo done = ending.get().orElseThrow();
        assertEquals(List.of(TaskStatus.FAILED, "disk full", Map.of("out", Map.of("size", "1G")), List.of("one", "two")),
                List.of(done.status(), done.message(), done.results(), done.log().stream().map(TaskInfo.LogEntry::message).toList()));
        assertTrue(done.started().isPresent() && done.completed().isPresent());
    }

    @Test
    void only_a_pending_task_is_cancelled_and_a_cancelled_one_never_starts() {
        UnitName unit = units(1).get(0);
        List<String> ids = List.of(state.tasks().enqueue("backup", List.of(unit), Map.of(), Duration.ofMinutes(1)).tasks().get(0),
                state.tasks().enqueue("backup", List.of(unit), Map.of(), Duration.ofMinutes(1)).tasks().get(0));
        assertTrue(state.tasks().start(unit, ids.get(0)));
        assertEquals(TaskStatus.RUNNING, state.tasks().cancel(ids.get(0)).status());
        assertEquals(TaskStatus.CANCELLED, state.tasks().cancel(ids.get(1)).status());
        assertFalse(state.tasks().start(unit, ids.get(1)));
        assertThrows(IllegalArgumentException.class, () -> state.tasks().cancel("424242"));
    }

    @Test
    void bad_operations_are_refused_before_anything_is_queued() {
        UnitName unit = units(1).get(0);
        assertThrows(NoSuchUnitException.class, () -> state.tasks().enqueue("backup", List.of(unit, new UnitName("nosuch", 0)),
                Map.of(), Duration.ofMinutes(1)));
        assertThrows(IllegalArgumentException.class, () -> state.tasks().enqueue("backup", List.of(unit), Map.of(), Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> state.tasks().enqueue("backup", List.of(), Map.of(), Duration.ofMinutes(1)));
        IllegalArgumentException big = assertThrows(IllegalArgumentException.class, () -> state.tasks().enqueue("backup",
                List.of(unit), Map.of("blob", "x".repeat(Tasks.MAX_PARAMS_BYTES)), Duration.ofMinutes(1)));
        assertTrue(big.getMessage().contains("more than " + Tasks.MAX_PARAMS_BYTES), big.getMessage());
        assertEquals(List.of(), state.tasks().list());
        String id = state.tasks().enqueue("backup", List.of(unit), Map.of(), Duration.ofMinutes(1)).tasks().get(0);
        assertTrue(state.tasks().start(unit, id));
        assertThrows(IllegalArgumentException.class, () -> state.tasks().finish(unit, id, TaskStatus.COMPLETED, "",
                Map.of("blob", "x".repeat(Tasks.MAX_RESULTS_BYTES))));
        assertThrows(IllegalArgumentException.class, () -> state.tasks().finish(unit, id, TaskStatus.RUNNING, "", Map.of()));
    }

    @Test
    void the_log_keeps_its_first_messages_and_counts_the_rest() {
        UnitName unit = units(1).get(0);
        String id = state.tasks().enqueue("chatty", List.of(unit), Map.of(), Duration.ofMinutes(1)).tasks().get(0);
        assertTrue(state.tasks().start(unit, id));
        for (int i = 0; i < Tasks.MAX_LOG_ENTRIES + 3; i++) {
            state.tasks().log(unit, id, i == 0 ? "y".repeat(Tasks.MAX_LOG_MESSAGE_BYTES + 10) : "m" + i);
        }
        List<TaskInfo.LogEntry> log = state.tasks().task(id).orElseThrow().log();
        assertEquals(Tasks.MAX_LOG_ENTRIES + 1, log.size());
        assertTrue(log.get(0).message().getBytes(java.nio.charset.StandardCharsets.UTF_8).length <= Tasks.MAX_LOG_MESSAGE_BYTES);
        assertTrue(log.get(0).message().endsWith("[cut at " + Tasks.MAX_LOG_MESSAGE_BYTES + " bytes]"), log.get(0).message());
        assertEquals("3 more messages were not kept (at most " + Tasks.MAX_LOG_ENTRIES + ")", log.get(log.size() - 1).message());
    }

    @Test
    void a_removed_units_tasks_show_as_aborted() {
        UnitName unit = units(1).get(0);
        String id = state.tasks().enqueue("backup", List.of(unit), Map.of(), Duration.ofMinutes(1)).tasks().get(0);
        state.units().remove(unit);
        TaskInfo task = state.tasks().task(id).orElseThrow();
        assertEquals(List.of(TaskStatus.ABORTED, "its unit was removed", unit), List.of(task.status(), task.message(), task.unit()));
    }
}
