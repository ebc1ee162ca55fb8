package jujube.process.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import jujube.process.OutputLimits;
import jujube.process.ProcessOutcome;
import jujube.process.ProcessSpec;
import jujube.process.RunnerSettings;
import jujube.process.spawn.ProcessSpawner;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The process limit of a group, in this host's real pids cgroups (the tests run as root, as the agents
 * do): a fork bomb is stopped at the limit and every process of it killed, also one a process left behind;
 * a process is in its group's cgroup.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("jujube.process.internal.Spawners#both")
class ProcessLimitsTest {
    /** Waits for scripts and their processes: every 10 ms. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10));

    private static final int LIMIT = 64;
    private static final String GROUP = "wordpress/0";
    /**
     * A fork bomb that never gives up: every process forks for ever, spinning when a fork is refused, each
     * child in a session of its own, out of reach of the script's process group (not of its cgroup).
     */
    private static final String BOMB = "exec perl -MPOSIX -e 'while (1) { POSIX::setsid() if fork == 0 }'";

    @TempDir
    Path root;
    ScriptFixture scripts;
    final ProcessSpawner spawner;
    ProcessLimits limits;
    PipedProcessRunner runner;

    ProcessLimitsTest(ProcessSpawner spawner) {
        this.spawner = spawner;
    }

    @BeforeEach
    void setUp() throws IOException {
        scripts = new ScriptFixture(root);
        scripts.installLeader(); // the leader joins the cgroup
        // a directory of its own, which no agent's sweep takes for a dead agent's
        String dir = AgentCgroups.DIR_PREFIX + ProcessHandle.current().pid() + "-test-" + UUID.randomUUID();
        limits = ProcessLimits.start(LIMIT, () -> AgentCgroups.find(dir));
        assertTrue(limits.enabled(), "this host has a writable pids cgroup hierarchy (see the log for why not)");
        runner = new PipedProcessRunner(new RunnerSettings(Duration.ofMillis(200),
                OutputLimits.defaults(), LIMIT), limits);
    }

    @AfterEach
    void tearDown() {
        runner.close();
    }

    @Test
    void a_fork_bomb_is_stopped_at_the_limit_and_killed() throws Exception {
        ProcessOutcome outcome = run(scripts.script("install", BOMB));

        assertEquals(new ProcessOutcome.ProcessLimitReached(LIMIT), outcome);
        assertEquals("", Files.readString(cgroup().resolve("cgroup.procs")), "no process of the bomb is left");
    }

    @Test
    void a_bomb_a_process_left_behind_is_killed_too() throws Exception {
        run(scripts.script("install", "(" + BOMB + ") > /dev/null 2>&1 &\nexit 0"));

        // the script may end before its bomb reaches the limit: the watcher then kills it
        POLLING.await("the bomb was stopped and killed").atMost(Duration.ofSeconds(30)).until(() -> {
            try {
                return readReached() > 0 && Files.readString(cgroup().resolve("cgroup.procs")).isEmpty();
            } catch (IOException e) {
                return false;
            }
        });
    }

    @Test
    void a_process_runs_in_its_groups_cgroup_under_the_limit() throws Exception {
        Path script = scripts.script("install", "cat /proc/self/cgroup > \"$WORK/cgroup.out\"; "
                + "ps -o sid= -p $$ > \"$WORK/sid.out\"; echo $$ > \"$WORK/pid.out\"");

        assertEquals(new ProcessOutcome.Exited(0), run(script));

        String cgroups = Files.readString(scripts.dir.resolve("cgroup.out"));
        String groupCgroup = limitsDir().getFileName() + "/wordpress-0";
        // this host has the cpu controller too (v1): the process shares the processor as its group
        assertEquals(2, cgroups.lines().filter(line -> line.endsWith("/" + groupCgroup)).count(), cgroups);
        assertTrue(cgroups.lines().anyMatch(line -> line.matches("\\d+:pids:.*/" + groupCgroup)), cgroups);
        assertTrue(cgroups.lines().anyMatch(line -> line.matches("\\d+:[a-z,]*\\bcpu\\b[a-z,]*:.*/" + groupCgroup)), cgroups);
        assertEquals(Integer.toString(LIMIT), Files.readString(cgroup().resolve("pids.max")).trim());
        assertEquals(Files.readString(scripts.dir.resolve("pid.out")).trim(),
                Files.readString(scripts.dir.resolve("sid.out")).trim(), "the process still leads its own session");
    }

    @Test
    void without_a_usable_hierarchy_processes_run_without_the_limit() throws Exception {
        runner.close();
        ProcessLimits none = ProcessLimits.start(LIMIT, () -> {
            throw new AgentCgroups.UnavailableException("cgroup v2: not mounted; cgroup v1: no pids hierarchy mounted");
        });
        runner = new PipedProcessRunner(new RunnerSettings(Duration.ofMillis(200),
                OutputLimits.defaults(), LIMIT), none);

        assertFalse(none.enabled());
        assertEquals(new ProcessOutcome.Exited(0), run(scripts.script("install", "echo ran > \"$WORK/ran.out\"")));
        assertEquals("ran\n", Files.readString(scripts.dir.resolve("ran.out")));
    }

    @Test
    void without_a_session_leader_a_process_runs_outside_its_groups_cgroup() throws Exception {
        Path script = scripts.script("install", "cat /proc/self/cgroup > \"$WORK/cgroup.out\"");
        ProcessSpec spec = scripts.spec(script);

        assertEquals(new ProcessOutcome.Exited(0), runner.run(new ProcessSpec(spec.threadName(), spec.command(),
                spec.environment(), spec.directory(), spec.timeout(), Optional.of(GROUP), Optional.empty()), spawner,
                new ScriptFixture.Recording()));

        assertFalse(Files.readString(scripts.dir.resolve("cgroup.out")).contains("/wordpress-0"));
    }

    @Test
    void a_closed_runner_leaves_no_cgroup_behind() throws Exception {
        run(scripts.script("install", "true"));
        AgentCgroups.Group group = limits.forGroup(GROUP).orElseThrow().cgroups();
        assertTrue(Files.isDirectory(group.pids()) && Files.isDirectory(group.cpu().orElseThrow()));

        runner.close();

        assertFalse(Files.exists(group.pids().getParent()), "removed with its group cgroups");
        assertFalse(Files.exists(group.cpu().orElseThrow().getParent()), "removed with its group cgroups");
    }

    private ProcessOutcome run(Path script) throws InterruptedException {
        ProcessSpec spec = scripts.spec(script);
        return runner.run(new ProcessSpec(spec.threadName(), spec.command(), spec.environment(), spec.directory(),
                spec.timeout(), Optional.of(GROUP), spec.sessionLeader()), spawner, new ScriptFixture.Recording());
    }

    private long readReached() throws IOException {
        return Files.readAllLines(cgroup().resolve("pids.events")).stream().filter(l -> l.startsWith("max "))
                .mapToLong(l -> Long.parseLong(l.substring(4).trim())).findFirst().orElse(0);
    }

    private Path cgroup() throws IOException {
        return limitsDir().resolve("wordpress-0");
    }

    /** The test's directory in the pids hierarchy: the parent of the group's cgroup. */
    private Path limitsDir() throws IOException {
        return limits.forGroup(GROUP).orElseThrow().cgroups().pids().getParent();
    }
}
