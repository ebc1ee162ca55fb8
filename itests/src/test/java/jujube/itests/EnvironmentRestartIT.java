package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every process of an environment killed at once with SIGKILL, as a host that loses power: the
 * controller and machine 0 are gone, their state is on disk. {@code jujube bootstrap} brings the
 * environment back from that state: no hook runs again, and what changes afterwards is delivered.
 */
class EnvironmentRestartIT {
    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    @AutoClose // destroys the environment after the test
    private Environment env;

    @Test
    void bootstrap_brings_a_killed_environment_back_where_it_was() throws Exception {
        Path home = SCRATCH.make("jujube-restart");
        env = Environment.bootstrap(home, "local");
        // a hook still pending would run after the restart, rightly: the state to compare is after the handshake
        env.deployRelatedBlogAndMysql();
        HookLogs before = HookLogs.of(env, "mysql/0", "blog/0");

        List<ProcessHandle> processes = Distribution.processesMentioning(env.dir());
        assertTrue(processes.size() >= 2, "controller and machine 0: " + processes);
        processes.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle p : processes) {
            p.onExit().get();
        }

        Distribution.Run down = env.run("status");
        assertEquals(1, down.exit());
        assertTrue(down.err().contains("its controller is not running") && down.err().contains("'jujube bootstrap' restarts it"),
                down.err());

        Distribution.Run restart = env.run("bootstrap");
        assertEquals(0, restart.exit(), restart.err());
        assertTrue(restart.out().startsWith("Restarted environment 'local' from its saved state"), restart.out());
        env.awaitUnits(Map.of("mysql/0", "started", "blog/0", "started"));
        before.assertNoneRanAgain();

        // the agents watch again: a new unit joins the running relation
        env.ok("add-unit", "blog");
        env.awaitUnits(Map.of("mysql/0", "started", "blog/0", "started", "blog/1", "started"));
        Environment.converging("mysql/0 joined blog/1")
                .until(() -> env.hookLog("mysql/0").stream().anyMatch(l -> l.startsWith("db-relation-joined blog/1 ")));
        env.awaitHookLine("blog/1", "db-relation-changed mysql/0 ready");
        // by now both agents certainly run again: what they ran since the restart is about blog/1 only
        before.assertRanOnlyAbout("mysql/0", "blog/1");
        before.assertRanNothing("blog/0", "blog/0 has nothing to do with blog/1");

        Distribution.Run again = env.run("bootstrap");
        assertEquals(0, again.exit(), again.err());
        assertTrue(again.err().contains("already bootstrapped"), again.err());
    }
}
