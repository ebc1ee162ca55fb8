package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code remove-unit} while machine 0's agent is down: the restarted agent still retires the unit. Its
 * node is gone by then, so its agent has no node to announce itself under and the unit's charm is known
 * only from the unit's local record; the stop and -broken hooks run, the remote side sees the departure,
 * and the unit's directory goes. (The agent is frozen with SIGSTOP first, so that the provider cannot
 * restart it before remove-unit, then killed.)
 */
class RemovedWhileDownIT {
    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    @AutoClose // destroys the environment after the test
    private Environment env;

    @Test
    void the_restarted_machine_agent_retires_the_unit_with_its_stop_hook() throws Exception {
        env = Environment.bootstrap(SCRATCH.make("jujube-removed"), "local");
        String examples = Environment.EXAMPLES.toString();
        env.ok("deploy", "--repository", examples, "local:mysql");
        env.ok("deploy", "-n", "2", "--repository", examples, "local:wordpress", "blog");
        env.ok("add-relation", "blog", "mysql");
        env.awaitHookLine("mysql/0", "db-relation-changed blog/1 ready=true");
        env.awaitUnits(Map.of("mysql/0", "started", "blog/0", "started", "blog/1", "started"));

        long machine = env.machinePid(0);
        signal("STOP", machine);
        env.ok("remove-unit", "blog/1");
        signal("KILL", machine);

        env.awaitMachineRestarted(0, machine);
        env.awaitHookLine("mysql/0", "db-relation-departed blog/1");
        Environment.converging("blog/1's directory removed")
                .until(() -> !Files.exists(env.unitDir("blog/1")));
        String log = env.machineLog(0);
        assertTrue(log.contains("unit=blog/1 hook=stop: succeeded"), "stop hook ran after the restart");
        assertTrue(log.contains("unit=blog/1 hook=db-relation-broken: succeeded"), "relation broken");
        env.awaitUnits(Map.of("mysql/0", "started", "blog/0", "started"));
        assertEquals(1, env.count("mysql/0", "db-relation-departed blog/1"));
    }

    private static void signal(String signal, long pid) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start();
        assertEquals(0, kill.waitFor(), "kill -" + signal + " " + pid);
    }
}
