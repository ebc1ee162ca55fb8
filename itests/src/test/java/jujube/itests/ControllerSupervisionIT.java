package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The controller under its supervisor, on the real distribution: killed with SIGKILL while units run,
 * it is started again with nobody's help; {@code status} works again, the units keep their state and
 * run no hook twice, and the new controller provisions machines and carries changes to the units. Then
 * {@code destroy-environment} stops the supervisor with everything else and leaves no process.
 */
class ControllerSupervisionIT {
    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    @AutoClose // destroys the environment after the test, also when it failed
    private Environment env;

    @Test
    void a_controller_killed_with_sigkill_is_started_again_and_the_environment_goes_on() throws Exception {
        Path home = SCRATCH.make("jujube-supervise");
        env = Environment.bootstrap(home, "local");
        env.deployRelatedBlogAndMysql();
        HookLogs before = HookLogs.of(env, "mysql/0", "blog/0");
        long supervisor = pid("controller-supervisor");
        ProcessHandle controller = ProcessHandle.of(pid("controller")).orElseThrow();

        controller.destroyForcibly();
        controller.onExit().get();

        Environment.converging("the controller started again")
                .until(() -> alive(pidOrZero("controller")));
        assertNotEquals(controller.pid(), pid("controller"));
        assertEquals(supervisor, pid("controller-supervisor"), "the same supervisor");
        env.awaitUnits(Map.of("mysql/0", "started", "blog/0", "started"));
        before.assertNoneRanAgain();
        assertTrue(Files.readString(env.dir().resolve("logs/controller.out"))
                .contains("controller (pid " + controller.pid() + ") exited with status 137"));

        // the new controller's provider starts machines; changes reach the units
        env.ok("add-machine");
        Environment.converging("machine 1 running")
                .until(() -> "running".equals(env.status().path("machines").path("1").path("agent-state").asText()));
        env.ok("add-unit", "blog");
        env.awaitUnits(Map.of("mysql/0", "started", "blog/0", "started", "blog/1", "started"));
        env.awaitHookLine("blog/1", "db-relation-changed mysql/0 ready");
        before.assertRanOnlyAbout("mysql/0", "blog/1");

        Distribution.Run destroyed = env.run("destroy-environment", "-y");
        assertEquals(0, destroyed.exit(), destroyed.err());
        assertFalse(alive(supervisor), "the supervisor is stopped");
        assertEquals(List.of(), Distribution.processesMentioning(env.dir()), "no process of the environment is left");
        assertFalse(Files.exists(env.dir()));
    }

    private long pid(String name) throws IOException {
        return Long.parseLong(Files.readString(env.dir().resolve("pids/" + name + ".pid")).strip());
    }

    private long pidOrZero(String name) {
        try {
            return pid(name);
        } catch (IOException | NumberFormatException e) {
            return 0; // between the supervisor's writes
        }
    }

    private static boolean alive(long pid) {
        return pid > 0 && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }
}
