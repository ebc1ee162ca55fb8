package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The greeter charm's action {@code greet} run by the distribution on process machines: on the service's
 * leader and on two units at once, with parameters checked before a task exists, {@code action-fail}, a
 * pending task cancelled, and a machine agent killed with SIGKILL while the action ran: aborted, never
 * run again.
 */
class ActionsIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern BACKGROUND = Pattern.compile("operation [0-9]+: tasks ([0-9]+) ");

    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    @AutoClose
    private Environment env;

    @Test
    void greet_runs_on_the_leader_and_on_two_units_fails_politely_is_cancelled_and_aborted_by_a_kill() throws Exception {
        Path home = SCRATCH.make("jujube-actions");
        env = Environment.bootstrap(home, "actions");
        env.ok("deploy", Environment.EXAMPLES.resolve("greeter").toString(), "-n", "2");
        env.awaitUnits(Map.of("greeter/0", "started", "greeter/1", "started"));
        String leader = leader();
        assertTrue(env.ok("exec", "--unit", "greeter/leader", "echo \"[$JUJU_UNIT_NAME]\"").contains("[" + leader + "]"),
                "exec names the leader as run does");

        // on the leader, named as Go juju names it
        JsonNode onLeader = JSON.readTree(env.ok("run", "greeter/leader", "greet", "name=Ann", "times=2", "--format", "json"));
        JsonNode task = onLeader.path(leader);
        assertEquals("completed", task.path("status").asText(), onLeader.toString());
        assertEquals("Hello, Ann", task.path("results").path("greeting").asText(), task.toString());
        assertEquals(List.of("2", leader, "Hello, Ann\nHello, Ann\n", "0"), List.of(task.path("results").path("said")
                .path("times").asText(), task.path("results").path("said").path("by").asText(),
                task.path("results").path("stdout").asText(), task.path("results").path("return-code").asText()));
        assertTrue(task.path("log").get(0).asText().endsWith(" greeting Ann 2 times"), task.toString());

        // two units at once: one operation, a task each
        JsonNode both = JSON.readTree(env.ok("run", "greeter/0", "greeter/1", "greet", "name=Bo", "--format", "json"));
        for (String unit : List.of("greeter/0", "greeter/1")) {
            assertEquals(List.of("completed", unit), List.of(both.path(unit).path("status").asText(),
                    both.path(unit).path("results").path("said").path("by").asText()), both.toString());
        }
        assertEquals(both.path("greeter/0").path("operation"), both.path("greeter/1").path("operation"));

        // a parameter of the wrong type: refused before a task exists
        String before = env.ok("operations", "--format", "json");
        Distribution.Run wrong = env.run("run", "greeter/0", "greet", "name=Cy", "times=many");
        assertEquals(1, wrong.exit());
        assertTrue(wrong.err().startsWith("jujube: invalid parameters for action greet of greeter: ")
                && wrong.err().contains("times"), wrong.err());
        assertEquals(before, env.ok("operations", "--format", "json"), "no task queued");

        // action-fail
        Distribution.Run nobody = env.run("run", "greeter/0", "greet", "name=nobody", "--format", "json");
        assertEquals(1, nobody.exit(), nobody.out() + nobody.err());
        JsonNode failed = JSON.readTree(nobody.out()).path("greeter/0");
        assertEquals(List.of("failed", "there is nobody to greet"), List.of(failed.path("status").asText(),
                failed.path("message").asText()), failed.toString());
        assertTrue(nobody.err().strip().endsWith("on greeter/0: failed: there is nobody to greet"), nobody.err());

        // a pending task cancelled behind a slow one never runs (the slow one runs on, checked at the end)
        String slow = background("greeter/0", "name=Slow", "delay=20");
        Environment.converging("task " + slow + " running").until(() -> env.ok("show-task", slow).contains("status: running"));
        String never = background("greeter/0", "name=Never");
        assertEquals("task " + never + " on greeter/0: cancelled\n", env.ok("cancel-task", never));
        assertTrue(env.ok("operations").contains(never + ":greeter/0=cancelled"));

        // SIGKILL of the machine agent while the action runs: aborted once the agent is back, never run again
        String killed = background("greeter/1", "name=Kill", "delay=6");
        Environment.converging("task " + killed + " running").until(() -> env.ok("show-task", killed).contains("status: running"));
        long agent = env.machinePid(0);
        ProcessHandle.of(agent).orElseThrow().destroyForcibly();
        env.awaitMachineRestarted(0, agent);
        String shown = env.ok("show-task", killed, "--wait", "90s");
        assertTrue(shown.contains("status: aborted") && shown.contains("stopped while it ran; it was not run again"), shown);
        String after = background("greeter/1", "name=After");
        assertTrue(env.ok("show-task", after, "--wait", "60s").contains("status: completed"));
        List<String> greeted = events("greeter/1").stream().filter(e -> e.startsWith("action greet ")).toList();
        assertTrue(greeted.stream().noneMatch(e -> e.endsWith("name=Kill")), "the killed action did not run again: " + greeted);
        assertEquals(1, greeted.stream().filter(e -> e.endsWith("name=After")).count(), greeted.toString());
        // the slow one shared the killed agent's machine: aborted by the kill, unless it ended before it
        String slowShown = env.ok("show-task", slow, "--wait", "60s");
        assertTrue(slowShown.contains("status: aborted") || slowShown.contains("status: completed"), slowShown);
        assertTrue(env.ok("show-task", never).contains("status: cancelled"));
        assertEquals(0, events("greeter/0").stream().filter(e -> e.endsWith("name=Never")).count());
        env.awaitUnits(Map.of("greeter/0", "started", "greeter/1", "started"));
    }

    private String background(String unit, String... params) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("run", unit, "greet"));
        args.addAll(List.of(params));
        args.add("--background");
        String out = env.ok(args.toArray(String[]::new));
        Matcher m = BACKGROUND.matcher(out);
        assertTrue(m.find(), out);
        return m.group(1);
    }

    private String leader() {
        String[] leader = new String[1];
        Environment.converging("a leader").until(() -> {
            env.status().path("services").path("greeter").path("units").fields().forEachRemaining(u -> {
                if (u.getValue().path("leader").asBoolean(false)) {
                    leader[0] = u.getKey();
                }
            });
            return leader[0] != null;
        });
        return leader[0];
    }

    private List<String> events(String unit) {
        Path log = env.unitDir(unit).resolve("events.log");
        return Files.exists(log) ? Environment.lines(log) : List.of();
    }
}
