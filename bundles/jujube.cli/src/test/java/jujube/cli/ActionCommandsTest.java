package jujube.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jujube.model.UnitName;
import jujube.state.TaskInfo;
import jujube.state.TaskStatus;
import jujube.state.Watch;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * run (actions), show-task, operations, actions, cancel-task and exec's SERVICE/leader against a real
 * ZooKeeper, with the example greeter charm; the units' agents are played by the test through the same
 * state API (the real agents are in the distribution's tests).
 */
class ActionCommandsTest extends CliFixture {
    private static final UnitName G0 = UnitName.parse("greeter/0");
    private static final UnitName G1 = UnitName.parse("greeter/1");

    @BeforeEach
    void greeters() throws Exception {
        bootstrap("local");
        run("deploy", repository.resolve("greeter").toString()).assertOk();
        run("add-unit", "greeter").assertOk();
    }

    /** Plays the agent of {@code unit}: runs each task at once, greeting as the charm would; "nobody" fails. */
    private Watch fakeAgent(UnitName unit) {
        return state.tasks().watch(unit, change -> change.current().forEach(task -> {
            if (task.status() == TaskStatus.PENDING && state.tasks().start(unit, task.id())) {
                Object name = task.params().get("name");
                if ("nobody".equals(name)) {
                    state.tasks().finish(unit, task.id(), TaskStatus.FAILED, "there is nobody to greet", Map.of());
                    return;
                }
                state.tasks().log(unit, task.id(), "greeting " + name);
                Map<String, Object> results = new LinkedHashMap<>();
                results.put("greeting", "Hello, " + name);
                results.put("said", Map.of("times", String.valueOf(task.params().get("times")), "by", unit.toString()));
                state.tasks().finish(unit, task.id(), TaskStatus.COMPLETED, "", results);
            }
        }));
    }

    @Test
    void run_checks_the_parameters_fills_the_defaults_and_prints_each_units_task() throws Exception {
        try (Watch a0 = fakeAgent(G0); Watch a1 = fakeAgent(G1)) {
            Result both = run("run", "greeter/0", "greeter/1", "greet", "name=Ann", "--format", "json");
            both.assertOk();
            assertEquals("", both.err());
            assertTrue(both.out().contains("\"greeter/0\"") && both.out().contains("\"greeter/1\""), both.out());
            List<TaskInfo> tasks = state.tasks().list();
            assertEquals(2, tasks.size());
            assertEquals(Map.of("name", "Ann", "times", 1, "delay", 0), tasks.get(0).params(), "defaults filled in");
            assertEquals(List.of(TaskStatus.COMPLETED, TaskStatus.COMPLETED), tasks.stream().map(TaskInfo::status).toList());

            Result failed = run("run", "greeter/0", "greet", "name=nobody");
            assertEquals("jujube: task " + state.tasks().list().get(2).id() + " on greeter/0: failed: there is nobody to greet",
                    failed.assertFailure());
            assertTrue(failed.out().contains("status: failed") && failed.out().contains("message: there is nobody to greet"),
                    failed.out());

            assertTrue(run("run", "greeter/0", "greet", "name=yes", "--string-args").assertOk().out()
                    .contains("greeting: \"Hello, yes\""));
            Path params = repository.resolve("params.yaml");
            Files.writeString(params, "name: Bo\ntimes: 2\n");
            String shown = run("run", "greeter/1", "greet", "--params", params.toString(), "times=3").assertOk().out();
            assertTrue(shown.contains("greeting: \"Hello, Bo\"") && shown.contains("times: 3"), shown);
        }
    }

    @Test
    void wrong_parameters_unknown_actions_and_jujube_2_options_are_refused_before_a_task_exists() throws Exception {
        Map<String, String> before = snapshot();
        String refused = run("run", "greeter/0", "greet", "name=Ann", "times=many").assertFailure();
        assertTrue(refused.startsWith("jujube: invalid parameters for action greet of greeter: ") && refused.contains("times"),
                refused);
        assertTrue(run("run", "greeter/0", "greet").assertFailure().contains("name"), "a required parameter");
        assertTrue(run("run", "greeter/0", "greet", "name=Ann", "colour=red").assertFailure().contains("colour"),
                "an undeclared parameter of an action that takes none");
        assertTrue(run("run", "greeter/0", "greet", "name=Ann", "times=11").assertFailure().contains("times"));
        assertEquals("jujube: invalid parameters for action greet of greeter: name: boolean found, string expected",
                run("run", "greeter/0", "greet", "name=yes").assertFailure(), "read as YAML, as Go juju reads it");
        assertEquals("jujube: charm local:precise/greeter-0 of greeter/0 has no action 'dance' (its actions: greet)",
                run("run", "greeter/0", "dance").assertFailure().replaceAll("greeter-[0-9]+", "greeter-0"));
        assertEquals("jujube: unit greeter/7 does not exist", run("run", "greeter/7", "greet", "name=x").assertFailure());
        assertEquals("jujube: argument \"name\" must be of the form key=value", run("run", "greeter/0", "greet", "name").assertFailure());
        Result old = run("run", "--unit", "greeter/0", "true");
        assertEquals(2, old.code());
        assertTrue(old.err().contains("to run a command on units, use 'jujube exec' with the same options"), old.err());
        Path big = repository.resolve("big.yaml");
        Files.writeString(big, "name: " + "x".repeat(jujube.state.Tasks.MAX_PARAMS_BYTES) + "\n");
        assertTrue(run("run", "greeter/0", "greet", "--params", big.toString()).assertFailure().contains("larger than the 65536 bytes a parameters file may be"));
        assertEquals(before, snapshot(), "nothing was queued");
    }

    @Test
    void background_tasks_are_shown_listed_and_cancelled_while_pending() throws Exception {
        String queued = run("run", "greeter/0", "greet", "name=Cy", "--background").assertOk().out();
        assertTrue(queued.startsWith("operation "), queued);
        String id = state.tasks().list().get(0).id();
        assertTrue(run("show-task", id).assertOk().out().contains("status: pending"));
        String table = run("operations").assertOk().out();
        assertTrue(table.startsWith("ID") && table.contains("pending") && table.contains(id + ":greeter/0=pending"), table);
        assertTrue(run("operations", "--format", "json").assertOk().out().contains("\"" + id + "\" : {\n        \"unit\" : \"greeter/0\",\n"
                + "        \"status\" : \"pending\"\n"), "each task's keys in one order, which scripts compare");
        assertEquals("task " + id + " on greeter/0: cancelled\n", run("cancel-task", id).assertOk().out());
        assertEquals("jujube: task " + id + " on greeter/0 is cancelled: only a pending task can be cancelled",
                run("cancel-task", id).assertFailure());
        assertEquals("jujube: no task 4242 (jujube operations lists them)", run("show-task", "4242").assertFailure());
        assertTrue(run("operations", "--status", "cancelled").assertOk().out().contains(id + ":greeter/0=cancelled"));
        assertEquals("ID  STATUS  ACTION  TASKS  ENQUEUED\n", run("operations", "--status", "completed").assertOk().out()
                .replaceAll(" +", "  "));
        assertEquals(2, run("operations", "--status", "done").code());
        try (Watch a0 = fakeAgent(G0)) {
            assertTrue(run("show-task", id, "--wait", "1s").assertOk().out().contains("status: cancelled"),
                    "a cancelled task never runs");
        }
    }

    @Test
    void actions_lists_the_charms_actions_and_their_schemas() {
        assertEquals("Action  Description\ngreet   Greet someone with the unit's greeting; the results say what was said.\n",
                run("actions", "greeter").assertOk().out());
        String schema = run("actions", "greeter", "--schema", "--format", "json").assertOk().out();
        assertTrue(schema.contains("\"required\" : [ \"name\" ]") && schema.contains("\"additionalProperties\" : false"), schema);
        assertEquals("jujube: service 'nosuch' does not exist", run("actions", "nosuch").assertFailure());
    }
}
