package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;

/**
 * ssh, scp, run and status-history on the real distribution, as {@link OperateUnitsIT} (process machines)
 * and {@link OperateContainerUnitsIT} (container machines) run them: each command's work, and its refusals
 * (an unknown unit, a machine not running, a command that fails, a timeout) as one line on stderr and a
 * non-zero exit, changing nothing.
 */
final class UnitOperationsScenario {
    /** Polls every 50 ms; what the test's own threads throw meanwhile is not the awaited condition. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(50));
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration DOWN = Duration.ofSeconds(90);

    private UnitOperationsScenario() {
    }

    /** Operates the environment's units; {@code containers}: its machines are containers. */
    static void operate(Environment env, Path home, boolean containers) throws Exception {
        TestCharms charms = new TestCharms(home.resolve("repository"));
        charms.write("broken", 1, "", Map.of("install", "echo 'cannot install' >&2\nexit 5"));
        env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:mysql");
        env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:wordpress", "blog");
        env.ok("add-relation", "blog", "mysql");
        env.ok("deploy", "--repository", charms.repository().toString(), "local:broken");
        env.awaitUnits(Map.of("mysql/0", "started", "blog/0", "started", "broken/0", "install-error"));
        int blogMachine = env.status().path("services").path("blog").path("units").path("blog/0").path("machine").asInt();
        Path blogDir = env.unitDir(blogMachine, "blog/0");

        // run: in the hook context, relation ids listable; json on request; failures and timeouts named
        String out = env.ok("exec", "--unit", "blog/0", "relation-ids db; echo $JUJU_UNIT_NAME; pwd");
        assertTrue(out.contains("stdout: |\n    db:") && out.contains("    blog/0\n    " + blogDir.resolve("charm")), out);
        Distribution.Run failed = env.run("exec", "--service", "blog,mysql", "--format", "json", "echo out; exit 4");
        assertEquals(1, failed.exit());
        assertEquals("jujube: blog/0: exit code 4\njujube: mysql/0: exit code 4\n", failed.err());
        JsonNode results = JSON.readTree(failed.out()).path("results");
        assertEquals(2, results.size());
        assertEquals(4, results.get(0).path("exit-code").asInt());
        assertEquals("out\n", results.get(1).path("stdout").asText());
        Distribution.Run slow = env.run("exec", "--unit", "blog/0", "--timeout", "1s", "sleep 30");
        assertEquals(1, slow.exit());
        assertEquals("jujube: blog/0: timed out after 1 s\n", slow.err());
        assertTrue(slow.out().contains("exit-code: 124"), slow.out());
        assertOneLine(env.run("exec", "--unit", "nosuch/0", "true"), "jujube: unit nosuch/0 does not exist");
        // a unit in error runs commands too: what an author debugs
        assertTrue(env.ok("exec", "--unit", "broken/0", "echo $JUJU_UNIT_NAME").contains("broken/0"));

        // ssh: the unit's directory, the machine's root, the command's exit status
        Distribution.Run where = env.run("ssh", "blog/0", "pwd;", "hostname");
        assertEquals(0, where.exit(), where.err());
        String hostname = containers ? "machine-" + blogMachine : Files.readString(Path.of("/etc/hostname")).strip();
        assertEquals(blogDir + "\n" + hostname + "\n", where.out());
        assertEquals("/\n", env.ok("ssh", Integer.toString(blogMachine), "pwd"));
        assertEquals(7, env.run("ssh", "blog/0", "exit 7").exit());
        assertOneLine(env.run("ssh", "nosuch/0"), "jujube: unit nosuch/0 does not exist");
        assertOneLine(env.run("ssh", "42", "true"), "jujube: machine 42 does not exist");

        // scp: into the unit's directory and back, and a machine path outside the machine's directory
        Path notes = Files.writeString(home.resolve("notes.txt"), "from the operator\n");
        // the process and the container variant run side by side: each its own file under the host's /tmp
        String notesName = "/tmp/jujube-ops-notes-" + (containers ? "container" : "process") + ".txt";
        env.ok("scp", notes.toString(), "blog/0:");
        assertEquals("from the operator\n", Files.readString(blogDir.resolve("notes.txt")));
        env.ok("scp", notes.toString(), blogMachine + ":" + notesName);
        assertEquals("from the operator\n", env.ok("ssh", Integer.toString(blogMachine), "cat " + notesName));
        Path back = home.resolve("back");
        Files.createDirectories(back);
        env.ok("scp", "-r", "blog/0:charm/hooks", blogMachine + ":" + notesName, back.toString());
        assertTrue(Files.isExecutable(back.resolve("hooks/install")));
        assertEquals("from the operator\n", Files.readString(back.resolve(Path.of(notesName).getFileName())));
        if (containers) {
            assertFalse(Files.exists(Path.of(notesName)), "written in the machine, not on the host");
        } else {
            Files.delete(Path.of(notesName));
        }
        assertOneLine(env.run("scp", "blog/0:nosuch", back.toString()),
                "jujube: cannot copy unit blog/0:nosuch: nosuch: no such file or directory");

        // status-history and the error in status
        String history = env.ok("status-history", "broken/0");
        // columns as wide as their widest entry (the agent's workload:maintenance among them)
        assertTrue(java.util.regex.Pattern.compile("install-error +install +hook install failed: exit code 5")
                .matcher(history).find(), history);
        String blogHistory = env.ok("status-history", "blog/0", "-n", "100");
        assertTrue(blogHistory.contains("started"), blogHistory);
        // the commands exec ran on it are in its history, by their exit code, never their text
        assertTrue(blogHistory.contains("exec") && blogHistory.contains("a command ran (request run-")
                && !blogHistory.contains("relation-ids db"), blogHistory);
        String info = env.status().path("services").path("broken").path("units").path("broken/0")
                .path("agent-state-info").asText();
        assertTrue(info.startsWith("hook install failed: exit code 5"), info); // then when it is retried
        assertOneLine(env.run("status-history", "nosuch/0"), "jujube: unit nosuch/0 does not exist");

        // a machine whose agent stopped answering: run times out naming the unit, ssh refuses
        ContainerMachines lxc = containers ? new ContainerMachines(env) : null;
        long pid = env.machinePid(blogMachine);
        if (containers) {
            lxc.freeze(blogMachine);
        } else {
            new ProcessBuilder("kill", "-STOP", Long.toString(pid)).start().waitFor();
        }
        try {
            Distribution.Run hung = env.run("exec", "--unit", "blog/0", "--timeout", "1s", "true");
            assertEquals(1, hung.exit());
            assertTrue(hung.err().startsWith("jujube: blog/0: no answer within 6 s"), hung.err());
            POLLING.await("machine " + blogMachine + " down").atMost(DOWN)
                    .until(() -> "down".equals(env.status().path("machines")
                    .path(Integer.toString(blogMachine)).path("agent-state").asText()));
            assertOneLine(env.run("ssh", "blog/0", "true"), "jujube: unit blog/0: machine " + blogMachine
                    + " is not running (down: its agent was up and is gone; 'jujube status' shows it)");
        } finally {
            if (containers) {
                lxc.thaw(blogMachine);
            } else {
                new ProcessBuilder("kill", "-CONT", Long.toString(pid)).start().waitFor();
            }
        }
        env.awaitUnits(Map.of("mysql/0", "started", "blog/0", "started", "broken/0", "install-error"));
        // broken/0 is in error but runs commands: every unit answers once the machine is back
        assertEquals(0, env.run("exec", "--all", "--timeout", "30s", "true").exit());
    }

    static void assertOneLine(Distribution.Run run, String line) {
        assertEquals(1, run.exit(), run.out());
        assertEquals(line + "\n", run.err());
    }
}
