package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import jujube.hooks.spawn.HookSpawner;
import jujube.hooks.HookResult;
import jujube.hooks.tools.HookToolsInstaller;
import jujube.hooks.tools.JavaFallback;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The process limit of a unit's hooks, in this host's real pids cgroups (the tests run as root, as the
 * agents do): a fork bomb is stopped at the limit and every process of it killed, also one a hook left
 * behind; a hook's processes are in its unit's cgroup.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("jujube.hooks.internal.HookSpawners#both")
class ProcessLimitsTest {
    /** Waits for hooks and their processes: every 10 ms. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10));

    private static final int LIMIT = 64;
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    /**
     * A fork bomb that never gives up: every process forks for ever, spinning when a fork is refused, each
     * child in a session of its own, out of reach of the hook's process group (not of its cgroup).
     */
    private static final String BOMB = "exec perl -MPOSIX -e 'while (1) { POSIX::setsid() if fork == 0 }'";

    @TempDir
    Path root;
    HookFixture charm;
    final HookSpawner spawner;
    ProcessLimits limits;
    ProcessHookInvoker invoker;

    ProcessLimitsTest(HookSpawner spawner) {
        this.spawner = spawner;
    }

    @BeforeEach
    void setUp() throws IOException {
        charm = new HookFixture(root);
        new HookToolsInstaller(JavaFallback.fromRuntime()).install(charm.toolsDir); // the leader joins the cgroup
        // a directory of its own, which no agent's sweep takes for a dead agent's
        String dir = AgentCgroups.DIR_PREFIX + ProcessHandle.current().pid() + "-test-" + UUID.randomUUID();
        limits = ProcessLimits.start(LIMIT, () -> AgentCgroups.find(dir));
        assertTrue(limits.enabled(), "this host has a writable pids cgroup hierarchy (see the log for why not)");
        invoker = new ProcessHookInvoker(TIMEOUT, Duration.ofMillis(200), spawner,
                OutputLimits.defaults(), limits);
    }

    @AfterEach
    void tearDown() {
        invoker.deactivate();
    }

    @Test
    void a_fork_bomb_is_stopped_at_the_limit_and_killed() throws IOException {
        charm.hook("install", BOMB);

        HookResult result = invoker.invoke(charm.invocation("install"), new HookFixture.Recording());

        assertEquals(new HookResult.Failed("reached the limit of " + LIMIT
                + " processes (maxProcesses): the unit's processes were killed"), result);
        assertEquals("", Files.readString(cgroup().resolve("cgroup.procs")), "no process of the bomb is left");
    }

    @Test
    void a_bomb_a_hook_left_behind_is_killed_too() throws IOException {
        charm.hook("install", "(" + BOMB + ") > /dev/null 2>&1 &\nexit 0");

        invoker.invoke(charm.invocation("install"), new HookFixture.Recording());

        // the hook may end before its bomb reaches the limit: the watcher then kills it
        POLLING.await("the bomb was stopped and killed").atMost(Duration.ofSeconds(30)).until(() -> {
            try {
                return readReached() > 0 && Files.readString(cgroup().resolve("cgroup.procs")).isEmpty();
            } catch (IOException e) {
                return false;
            }
        });
    }

    @Test
    void a_hook_runs_in_its_units_cgroup_under_the_limit() throws IOException {
        charm.hook("install", "cat /proc/self/cgroup > \"$CHARM_DIR/cgroup.out\"; "
                + "ps -o sid= -p $$ > \"$CHARM_DIR/sid.out\"; echo $$ > \"$CHARM_DIR/pid.out\"");

        assertEquals(new HookResult.Succeeded(), invoker.invoke(charm.invocation("install"), new HookFixture.Recording()));

        String cgroups = Files.readString(charm.charmDir.resolve("cgroup.out"));
        String unitCgroup = limitsDir().getFileName() + "/wordpress-0";
        // this host has the cpu controller too (v1): the hook shares the processor as its unit
        assertEquals(2, cgroups.lines().filter(line -> line.endsWith("/" + unitCgroup)).count(), cgroups);
        assertTrue(cgroups.lines().anyMatch(line -> line.matches("\\d+:pids:.*/" + unitCgroup)), cgroups);
        assertTrue(cgroups.lines().anyMatch(line -> line.matches("\\d+:[a-z,]*\\bcpu\\b[a-z,]*:.*/" + unitCgroup)), cgroups);
        assertEquals(Integer.toString(LIMIT), Files.readString(cgroup().resolve("pids.max")).trim());
        assertEquals(Files.readString(charm.charmDir.resolve("pid.out")).trim(),
                Files.readString(charm.charmDir.resolve("sid.out")).trim(), "the hook still leads its own session");
    }

    @Test
    void without_a_usable_hierarchy_hooks_run_without_the_limit() throws IOException {
        invoker.deactivate();
        ProcessLimits none = ProcessLimits.start(LIMIT, () -> {
            throw new AgentCgroups.UnavailableException("cgroup v2: not mounted; cgroup v1: no pids hierarchy mounted");
        });
        invoker = new ProcessHookInvoker(TIMEOUT, Duration.ofMillis(200), spawner,
                OutputLimits.defaults(), none);
        charm.hook("install", "echo ran > \"$CHARM_DIR/ran.out\"");

        assertFalse(none.enabled());
        assertEquals(new HookResult.Succeeded(), invoker.invoke(charm.invocation("install"), new HookFixture.Recording()));
        assertEquals("ran\n", Files.readString(charm.charmDir.resolve("ran.out")));
    }

    @Test
    void a_closed_limit_leaves_no_cgroup_behind() throws IOException {
        charm.hook("install", "true");
        invoker.invoke(charm.invocation("install"), new HookFixture.Recording());
        AgentCgroups.Unit unit = limits.forUnit("wordpress/0").orElseThrow().cgroups();
        assertTrue(Files.isDirectory(unit.pids()) && Files.isDirectory(unit.cpu().orElseThrow()));

        invoker.deactivate();

        assertFalse(Files.exists(unit.pids().getParent()), "removed with its unit cgroups");
        assertFalse(Files.exists(unit.cpu().orElseThrow().getParent()), "removed with its unit cgroups");
    }

    private long readReached() throws IOException {
        return Files.readAllLines(cgroup().resolve("pids.events")).stream().filter(l -> l.startsWith("max "))
                .mapToLong(l -> Long.parseLong(l.substring(4).trim())).findFirst().orElse(0);
    }

    private Path cgroup() throws IOException {
        return limitsDir().resolve("wordpress-0");
    }

    /** The test's directory in the pids hierarchy: the parent of the unit's cgroup. */
    private Path limitsDir() throws IOException {
        return limits.forUnit("wordpress/0").orElseThrow().cgroups().pids().getParent();
    }
}
