package jujube.itests;

import static jujube.itests.SubordinateEnvironment.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The machine agent killed with SIGKILL at random moments while it creates and removes subordinate units
 * (add-relation and remove-relation in turn), 20 times on one environment: after the local provider
 * restarted it (within 0.5 s: the environment's {@code --max-restart-delay}), every principal has exactly one subordinate (or none once the relation is gone), started,
 * and no unit directory or agent configuration is left over. No container ever holds two subordinates,
 * at any observation in between either.
 */
class SubordinateCrashIT {
    /** Polls every 50 ms; what the test's own threads throw meanwhile is not the awaited condition. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(50));

    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    private static final int RUNS = 20;
    private static final Duration CONVERGE = Duration.ofSeconds(90);
    private static final Pattern RESTART_DELAY = Pattern.compile(
            "machine 0 \\(pid [0-9]+\\) exited; restarting it in ([0-9]+) ms");
    private final Random random = new Random(Long.getLong("jujube.crash.seed", System.nanoTime()));
    private SubordinateEnvironment env;

    @BeforeEach
    void setUp() throws Exception {
        env = SubordinateEnvironment.start(SCRATCH.make("jujube-sub-crash"), 2);
        POLLING.await("principals started").atMost(CONVERGE)
                .until(() -> env.units().stream().allMatch(u -> u.workflowState().equals("started")));
    }

    @AfterEach
    void tearDown() throws Exception {
        env.close();
    }

    @Test
    void a_killed_machine_agent_never_leaves_a_duplicate_or_an_orphan_subordinate() throws Exception {
        int midWork = 0;
        Map<Boolean, Integer> runs = new HashMap<>();
        for (int run = 0; run < RUNS; run++) {
            boolean creating = run % 2 == 0;
            long pid = env.machinePid();
            ok(env.jujube.jujube(creating ? "add-relation" : "remove-relation", "blog", "logging"));
            // a random point of the creation or removal, which the agent completes within about half a second
            // of the command's return: counted from that return, a draw over 1.5 s fell after the work so
            // often that on a loaded host fewer than the fifth of the kills checked below came mid-work
            Thread.sleep(random.nextInt(750));
            midWork += converged(creating) ? 0 : 1;
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            POLLING.await("machine 0 restarted").atMost(CONVERGE).until(() -> {
                try {
                    long now = env.machinePid();
                    return now != pid && ProcessHandle.of(now).map(ProcessHandle::isAlive).orElse(false);
                } catch (IOException e) {
                    return false;
                }
            });
            POLLING.await("run " + run + (creating ? ": one started subordinate per principal" : ": no subordinate left")).atMost(CONVERGE)
                    .untilAsserted(() -> assertTrue(() -> converged(creating),
                            () -> "last seen: " + describe()));
            runs.merge(creating, 1, Integer::sum);
        }
        assertEquals(Map.of(true, RUNS / 2, false, RUNS / 2), runs);
        // the kills must really have cut the work short, not only hit an idle agent
        assertTrue(midWork >= RUNS / 5, "only " + midWork + " of " + RUNS + " kills came before the work was done");
        System.out.println(midWork + " of " + RUNS + " kills came before the work was done");
        // bootstrap's --max-restart-delay reached the controller: young deaths waited 250 ms doubled, at most 0.5 s
        List<Long> delays = RESTART_DELAY.matcher(Files.readString(env.jujube.envDir().resolve("logs/controller.log")))
                .results().map(m -> Long.parseLong(m.group(1))).toList();
        assertEquals(RUNS, delays.size(), "one restart per kill: " + delays);
        assertEquals(500L, delays.stream().mapToLong(Long::longValue).max().orElse(0), "delays " + delays);
    }

    /** Whether the environment converged; fails at once on a container with two subordinates. */
    private boolean converged(boolean related) {
        try {
            Map<UnitName, UnitName> subs = env.subordinates();
            Map<UnitName, Long> perContainer = subs.values().stream()
                    .collect(Collectors.groupingBy(p -> p, Collectors.counting()));
            perContainer.forEach((principal, n) -> assertTrue(n <= 1, "duplicate subordinates of " + principal + ": " + subs));
            Set<String> expectedDirs = subs.keySet().stream().map(u -> u.service() + "-" + u.number())
                    .collect(Collectors.toCollection(TreeSet::new));
            Set<String> expectedConfigs = expectedDirs.stream().map(n -> "unit%007e" + n + ".config")
                    .collect(Collectors.toCollection(TreeSet::new));
            boolean units = related
                    ? Set.copyOf(subs.values()).equals(env.principals()) && env.units().stream()
                            .filter(UnitInfo::isSubordinate).allMatch(u -> u.workflowState().equals("started"))
                    : subs.isEmpty();
            return units && env.unitDirs("logging").equals(expectedDirs) && env.agentConfigs("logging").equals(expectedConfigs);
        } catch (IOException | RuntimeException e) {
            return false; // a process restarting, a file going while listed: observe again
        }
    }

    private static String tail(String log, int lines) {
        List<String> all = log.lines().filter(l -> !l.startsWith("\tat ")).toList();
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }

    private String describe() {
        try {
            String states = env.units().stream().map(u -> u.name() + "=" + u.workflowState())
                    .collect(Collectors.joining(", "));
            return "state " + env.subordinates() + ", workflow " + states + ", dirs " + env.unitDirs("logging")
                    + ", configs " + env.agentConfigs("logging") + "\nmachine log:\n" + tail(env.machineLog(), 40);
        } catch (IOException | RuntimeException e) {
            return e.toString();
        }
    }
}
