package jujube.provider.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scripts a machine on another host runs, run here as the host would run them (ssh only carries
 * them): a detached supervisor keeps a killed agent running, and removal stops both and leaves nothing.
 */
class RemoteScriptsTest {
    /** Waits for the detached processes: every 20 ms for up to 30 s. */
    private static final ConditionFactory POLLING = Awaitility.with().atMost(Duration.ofSeconds(30))
            .pollInterval(Duration.ofMillis(20)).dontCatchUncaughtExceptions();

    @TempDir
    Path tmp;
    private final List<Long> started = new ArrayList<>();

    @AfterEach
    void killLeftovers() {
        started.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
    }

    private static String sh(String script, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("sh", "-c", script, "sh"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    private static Optional<Long> pid(Path file) {
        try {
            return Optional.of(Long.parseLong(Files.readString(file).strip()));
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    private static boolean alive(Optional<Long> pid) {
        return pid.flatMap(ProcessHandle::of).map(ProcessHandle::isAlive).orElse(false);
    }

    @Test
    void a_detached_agent_is_restarted_when_killed_and_removal_stops_everything() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("jujube/env-abc123-machine-1"));
        // an agent that runs until killed, its command line naming its directory as the real one's does
        Files.writeString(dir.resolve("run"), "#!/bin/sh\nexec tail -f /dev/null \"" + dir + "/agent.log\"\n");
        Files.writeString(dir.resolve("supervise"), RemoteMachine.script("supervise.sh"));
        sh(RemoteMachine.script("start.sh"), dir.toString(), "env-abc123-machine-1", "test machine", "no");

        POLLING.await("agent running").until(() -> alive(pid(dir.resolve("agent.pid"))));
        long supervisor = pid(dir.resolve("supervisor.pid")).orElseThrow();
        long first = pid(dir.resolve("agent.pid")).orElseThrow();
        started.addAll(List.of(supervisor, first));
        ProcessHandle.of(first).orElseThrow().destroyForcibly(); // kill -9
        POLLING.await("agent restarted").until(() -> pid(dir.resolve("agent.pid")).filter(p -> p != first).map(p -> alive(Optional.of(p)))
                .orElse(false));
        long second = pid(dir.resolve("agent.pid")).orElseThrow();
        started.add(second);
        assertNotEquals(first, second);
        assertTrue(Files.readString(dir.resolve("agent.log")).contains("starting it again"));

        assertEquals("removed", sh(RemoteMachine.script("remove.sh"), dir.toString(), "env-abc123-machine-1").strip());
        POLLING.await("supervisor gone").until(() -> !alive(Optional.of(supervisor)));
        POLLING.await("agent gone").until(() -> !alive(Optional.of(second)));
        assertFalse(Files.exists(dir));
        assertFalse(Files.exists(dir.getParent()), "an emptied base directory goes too");
        assertEquals("", sh(RemoteMachine.script("remove.sh"), dir.toString(), "env-abc123-machine-1").strip(),
                "removing again finds nothing and is no error");
    }

    @Test
    void files_are_put_whole_and_owner_only_and_any_text_survives_quoting() throws Exception {
        Path file = tmp.resolve("m/data/zookeeper-ca.pem");
        List<String> command = List.of("sh", "-c", RemoteMachine.script("put.sh"), "sh", file.toString(), "600");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getOutputStream().write("certificate".getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue());
        assertEquals("certificate", Files.readString(file));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));

        String weird = "it's a \"dir\" with $HOME and `date` and \\ and \n";
        assertEquals(weird, sh("printf %s " + SshHost.quote(weird)));
    }

    @Test
    void the_run_script_starts_the_agent_with_the_copied_jdk_first() throws Exception {
        String run = RemoteMachine.runScript("/var/lib/jujube/local-abc123-machine-3",
                new RemoteMachine.Agent(3, "10.0.0.1:2181", "db-1", 15000));
        assertTrue(run.contains("dir='/var/lib/jujube/local-abc123-machine-3'"), run);
        assertTrue(run.contains("exec \"$dir/dist/bin/jujube-agent\" machine --machine-id 3 --zookeeper '10.0.0.1:2181'"
                + " --data-dir \"$dir/data\" --charm-storage \"$dir/charms\" --address 'db-1' --session-timeout 15000"
                + " --zookeeper-ca \"$dir/data/zookeeper-ca.pem\""), run);
        sh("sh -n \"$1\"", Files.writeString(tmp.resolve("run"), run).toString());
    }
}
