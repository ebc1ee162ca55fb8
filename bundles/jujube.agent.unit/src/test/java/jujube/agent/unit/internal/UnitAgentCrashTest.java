package jujube.agent.unit.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.locks.LockSupport;
import jujube.model.UnitName;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The crash harness (docs/architecture.md section 9): unit agents in a JVM of their own ({@link UnitAgentProcess}),
 * killed with SIGKILL at random points (install, start, config-changed, relation hooks, between hooks)
 * while the test changes the service's configuration and the related units join, leave and change their
 * settings, then restarted; after the last kill an agent runs to quiescence and {@link CrashInvariants}
 * must hold: the unit started (disk and ZooKeeper agree), every relation change delivered in order
 * (joined before changed, departed last), no relation-set of a failed or killed hook visible.
 *
 * <p>The random delays are the point of the test, not a timing guess; everything else is awaited.
 * The seed is fixed (override with {@code -Djujube.crash.seed=N}) so a failure can be replayed.
 */
class UnitAgentCrashTest {
    private static final int UNITS = 3;
    private static final int KILLS_PER_UNIT = 18;
    /** Kills inside a hook each unit must have had, for the harness to bite. */
    private static final int MID_HOOK_KILLS_PER_UNIT = 4;
    /** At most this many lives aimed at a hook follow the planned ones of a unit. */
    private static final int EXTRA_LIVES = 8;
    private static final Duration SETTLE = Duration.ofSeconds(60);
    private static TestingServer zk;
    @TempDir
    Path tempDir;

    @BeforeAll
    static void startZooKeeper() throws Exception {
        // a short tick allows the agents' short sessions: a killed agent's presence goes within seconds
        zk = new TestingServer(new InstanceSpec(null, -1, -1, -1, true, -1, 200, -1), true);
    }

    @AfterAll
    static void stopZooKeeper() throws IOException {
        zk.close();
    }

    @Test
    void unit_agents_killed_at_random_points_resume_with_every_change_delivered_and_no_failed_write_visible() throws Exception {
        long seed = Long.getLong("jujube.crash.seed", 20_120_612L);
        // -Djujube.crash.dir keeps the hook and agent logs for a post-mortem
        Path root = System.getProperty("jujube.crash.dir") == null ? tempDir
                : Files.createDirectories(Path.of(System.getProperty("jujube.crash.dir")));
        Random random = new Random(seed);
        Map<String, Integer> cutHooks = new TreeMap<>();
        List<ProcessHandle> orphans = new ArrayList<>();
        int kills = 0;
        try (CrashEnvironment world = new CrashEnvironment(zk.getConnectString(), "crash")) {
            for (int u = 0; u < UNITS; u++) {
                UnitName unit = world.addAgentUnit();
                Path unitDir = root.resolve("units").resolve("app-" + unit.number());
                Path control = Files.createDirectories(root.resolve("control-" + unit.number()));
                jujube.access.CredentialFiles.write(control.resolve("admin.yaml"), List.of(world.admin));
                CrashCharm.write(unitDir.resolve("charm"), control);
                Path agentLog = root.resolve("agent-" + unit.number() + ".log");
                int unitMidHook = 0;
                int k = 0;
                // the planned lives, then (on a machine so busy that too few of their kills landed inside a
                // hook) lives aimed at a hook: each starts one, and is killed within its sleep
                for (; k < KILLS_PER_UNIT || (unitMidHook < MID_HOOK_KILLS_PER_UNIT && k < KILLS_PER_UNIT + EXTRA_LIVES); k++) {
                    CrashAgentProcess agent = CrashAgentProcess.start(zk.getConnectString(), "crash", unit, unitDir,
                            agentLog, control, k, orphans);
                    if (k >= KILLS_PER_UNIT) {
                        agent.awaitRunning(agentLog, SETTLE);
                        for (int m = 1 + random.nextInt(3); m > 0; m--) {
                            world.mutate(random, control);
                        }
                        awaitFirstHook(control.resolve("hooks.log"), k, "", Duration.ofSeconds(8));
                        pause(random, 0, 140);
                    } else if (k < 4) {
                        // the first lives are killed somewhere in install, config-changed and start: a
                        // random delay counted from the life's first hook, as JVM start-up times vary
                        awaitFirstHook(control.resolve("hooks.log"), k);
                        pause(random, 0, 1300);
                    } else if (k % 3 == 0) {
                        // every third later life is killed in its relation hooks, if it reaches them: counted
                        // from the agent's start, kills on a slow machine would all land before them
                        agent.awaitRunning(agentLog, SETTLE);
                        awaitFirstHook(control.resolve("hooks.log"), k, "db-", Duration.ofSeconds(8));
                        // within the hook's own 150 ms sleep: how long the agent takes between hooks, which
                        // grows with the machine's load, decides nothing
                        pause(random, 0, 140);
                    } else {
                        // counted from the agent's start, which takes seconds on a slow machine: counted
                        // from the process's birth, the kills would all land in the JVM's start-up
                        agent.awaitRunning(agentLog, SETTLE);
                        pause(random, 0, 1100);
                    }
                    if (k < KILLS_PER_UNIT && random.nextInt(4) > 0) {
                        world.mutate(random, control); // while the agent runs: its hooks follow at once
                        pause(random, 0, 400);
                    }
                    CrashAgentProcess.Kill kill = kill(agent, agentLog);
                    kills++;
                    if (kill.hook().isPresent()) {
                        cutHooks.merge(kill.hook().get(), 1, Integer::sum);
                        unitMidHook++;
                    }
                    for (int m = 1 + random.nextInt(3); m > 0; m--) {
                        world.mutate(random, control); // while the agent is down
                    }
                }
                CrashAgentProcess last = CrashAgentProcess.start(zk.getConnectString(), "crash", unit, unitDir, agentLog,
                        control, k, orphans);
                try {
                    CrashInvariants settled = awaitSettled(world, unit, unitDir, control.resolve("hooks.log"), agentLog);
                    List<String> violations = settled.violations(CrashHookLog.read(control.resolve("hooks.log")));
                    assertEquals(List.of(), violations, unit + " (seed " + seed + ", agent log " + agentLog + ")");
                } finally {
                    kill(last, agentLog);
                }
            }
            int midHook = cutHooks.values().stream().mapToInt(Integer::intValue).sum();
            System.out.printf("crash harness: seed %d, %d kills, %d inside a hook %s, %d changes of the world%n",
                    seed, kills, midHook, cutHooks, world.mutations());
            assertTrue(kills >= 50, "at least 50 kills");
            // the harness must bite: kills inside the hooks whose replay matters most
            assertTrue(midHook >= 10, "too few kills landed inside a hook: " + cutHooks);
            assertTrue(cutHooks.containsKey("install") && cutHooks.keySet().stream().anyMatch(h -> h.startsWith("db-")),
                    "kills must land in install and in relation hooks: " + cutHooks);
        } finally {
            CrashAgentProcess.reapOrphans(orphans);
        }
    }

    private static CrashAgentProcess.Kill kill(CrashAgentProcess agent, Path agentLog) throws InterruptedException {
        if (!agent.isAlive()) {
            throw new AssertionError("the agent process died by itself; see " + agentLog);
        }
        return agent.kill();
    }

    /**
     * Polls until the agent caught up with the world and is at rest: settled in two observations in a row
     * that are equal, hook log included. One observation reads ZooKeeper and the disk one part after the
     * other, so while a hook completes it can pair the settings from before the hook with the queue from
     * after it; two equal ones bracket a moment when nothing moved. Fails with the violations seen last.
     */
    private static CrashInvariants awaitSettled(CrashEnvironment world, UnitName unit, Path unitDir, Path hookLog,
            Path agentLog) {
        long end = System.nanoTime() + SETTLE.toNanos();
        CrashInvariants before = null;
        CrashHookLog logBefore = null;
        while (true) {
            CrashInvariants now = world.observe(unit, unitDir);
            CrashHookLog log = CrashHookLog.read(hookLog);
            if (now.settled(log) && now.equals(before) && log.equals(logBefore)) {
                return now;
            }
            before = now;
            logBefore = log;
            if (System.nanoTime() > end) {
                throw new AssertionError(unit + " did not settle within " + SETTLE.toSeconds() + " s: "
                        + now.violations(log) + " (state " + now + ", agent log " + agentLog + ")");
            }
            LockSupport.parkNanos(Duration.ofMillis(50).toNanos());
        }
    }

    /** Waits (3 s at most: a started unit may have nothing to do) for the first hook of life {@code k}. */
    private static void awaitFirstHook(Path hookLog, int k) {
        awaitFirstHook(hookLog, k, "", Duration.ofSeconds(3));
    }

    /** Waits, {@code atMost}, for the first hook of life {@code k} whose name starts with {@code prefix}. */
    private static void awaitFirstHook(Path hookLog, int k, String prefix, Duration atMost) {
        long end = System.nanoTime() + atMost.toNanos();
        while (System.nanoTime() < end && CrashHookLog.read(hookLog).runs().stream()
                .noneMatch(r -> r.incarnation() == k && r.hook().startsWith(prefix))) {
            LockSupport.parkNanos(Duration.ofMillis(10).toNanos());
        }
    }

    /** The deliberate random delay before a kill (or a change of the world). */
    private static void pause(Random random, int fromMillis, int toMillis) throws InterruptedException {
        Thread.sleep(fromMillis + random.nextInt(toMillis - fromMillis + 1));
    }
}
