package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code kill -9} of machine 0's agent while a held install hook runs: the hook leads its own session, so it
 * runs on. The restarted agent must find it (its pid and start time recorded in the unit's state) and wait
 * for it to end before it runs install again (the transition was in flight): two hooks of one unit never
 * run at once. Meanwhile the machine's other unit works at once, and status says what the waiting unit
 * waits for. The hook is held by a file the test creates, so every check happens while it surely runs.
 */
class OrphanHookIT {
    /** Polls every 50 ms; what the test's own threads throw meanwhile is not the awaited condition. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(50));

    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();
    private static final String CHARM = "slowinstall";
    private static final String UNIT = CHARM + "/0";
    @AutoClose // destroys the environment after the test
    private Environment env;

    @Test
    void a_hook_left_running_by_a_killed_agent_ends_before_the_restarted_agent_runs_one() throws Exception {
        Path home = SCRATCH.make("jujube-orphan");
        env = Environment.bootstrap(home, "local");
        TestCharms charms = new TestCharms(home.resolve("repository"));
        charms.write(CHARM, 1, "", Map.of(
                // the first install waits (for at most two minutes) until the test lets it end
                "install", String.join("\n",
                        "echo \"begin $$\" >> \"$unit_dir/hook.log\"",
                        "if [ ! -e \"$unit_dir/installed-once\" ]; then",
                        "  touch \"$unit_dir/installed-once\"; n=0",
                        "  while [ ! -e \"$unit_dir/release\" ] && [ $n -lt 1200 ]; do sleep 0.1; n=$((n+1)); done",
                        "fi",
                        "echo \"end $$\" >> \"$unit_dir/hook.log\""),
                "start", TestCharms.logs("start")));
        charms.write("quick", 1, "", Map.of("install", TestCharms.logs("install"), "start", TestCharms.logs("start")));
        env.ok("deploy", "--to", "0", "--repository", charms.repository().toString(), "local:quick");
        env.awaitUnits(Map.of("quick/0", "started"));
        env.ok("deploy", "--to", "0", "--repository", charms.repository().toString(), "local:" + CHARM);
        POLLING.await("install begun").atMost(Environment.CONVERGE)
                .untilAsserted(() -> assertTrue(() -> env.hookLog(UNIT).stream().anyMatch(l -> l.startsWith("begin")),
                        () -> "last seen: " + env.hookLog(UNIT).toString()));
        String orphan = env.hookLog(UNIT).get(0).substring("begin ".length());

        long before = env.machinePid(0);
        ProcessHandle.of(before).orElseThrow().destroyForcibly(); // SIGKILL, the hook runs on
        env.awaitMachineRestarted(0, before);

        // the held install still runs: the other unit works, and status says what this one waits for
        String answer = env.ok("exec", "--unit", "quick/0", "echo hi");
        assertTrue(answer.contains("exit-code: 0") && answer.contains("stdout: |\n    hi\n"), "quick/0 answers: " + answer);
        POLLING.await("the wait shown").atMost(Environment.CONVERGE).untilAsserted(() -> assertEquals(
                "waiting for hook install (pid " + orphan + "), left running by the previous agent, to end",
                env.status().path("services").path(CHARM).path("units").path(UNIT).path("agent-state-info").asText()));
        assertEquals(List.of("begin " + orphan), env.hookLog(UNIT), "nothing else ran meanwhile");

        Files.writeString(env.unitDir(UNIT).resolve("release"), "");
        env.awaitUnits(Map.of(UNIT, "started", "quick/0", "started"));
        assertEquals("", env.status().path("services").path(CHARM).path("units").path(UNIT).path("agent-state-info")
                .asText(), "the wait is over");
        List<String> log = env.hookLog(UNIT);
        List<String> installs = new ArrayList<>(log.stream().filter(l -> l.startsWith("begin") || l.startsWith("end"))
                .toList());
        assertEquals(4, installs.size(), "the cut install, then install again after the restart: " + log);
        for (int i = 0; i + 1 < installs.size(); i += 2) {
            String pid = installs.get(i).substring("begin ".length());
            assertEquals(List.of("begin " + pid, "end " + pid), installs.subList(i, i + 2),
                    "each install ends before the next begins: " + log);
        }
        assertEquals("start -", log.get(log.size() - 1), log.toString());
    }
}
