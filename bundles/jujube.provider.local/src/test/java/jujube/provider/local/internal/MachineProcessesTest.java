package jujube.provider.local.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import jujube.provider.local.LocalLayout;
import jujube.provider.local.PidFiles;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real processes: a fake {@code bin/jujube-agent} that records its arguments and sleeps under their name. */
class MachineProcessesTest {
    /** Waits for the agents the processes run: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Awaitility.with().atMost(Duration.ofSeconds(20))
            .pollInterval(Duration.ofMillis(10)).dontCatchUncaughtExceptions();

    @TempDir
    Path tmp;
    private Path env;
    private Path args;
    private LocalLayout layout;
    private ScheduledExecutorService restarts;
    private MachineProcesses machines;

    @BeforeEach
    void distribution() throws IOException {
        env = Files.createDirectories(tmp.resolve("env"));
        args = tmp.resolve("args.log");
        Path agent = Files.createDirectories(tmp.resolve("dist/bin")).resolve("jujube-agent");
        // exec -a keeps the arguments (and so the environment's directory) in the sleeping process's command line
        Files.writeString(agent, "#!/bin/bash\necho \"$*\" >> '" + args + "'\nexec -a \"jujube-agent $*\" sleep 1000\n",
                StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(agent, PosixFilePermissions.fromString("rwxr-xr-x"));
        layout = new LocalLayout(env, tmp.resolve("dist"), "127.0.0.1:2181", env.resolve("charms"), 12000);
        restarts = Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "jujube-provider-local-test"));
    }

    @AfterEach
    void killEverything() throws Exception {
        if (machines != null) {
            machines.close();
        }
        restarts.shutdownNow();
        restarts.awaitTermination(10, TimeUnit.SECONDS);
        PidFiles pids = new PidFiles(env);
        List<ProcessHandle> ours = ProcessHandle.allProcesses().filter(pids::ours).toList();
        ours.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle p : ours) {
            p.onExit().get(10, TimeUnit.SECONDS);
        }
    }

    private long pidOf(int machineId) throws IOException {
        return Long.parseLong(Files.readString(layout.pidFile(machineId)).trim());
    }

    private static jujube.access.OneTimeCredential oneTime(int machineId) {
        return new jujube.access.OneTimeCredential("/machines/machine-" + String.format("%010d", machineId) + "/otp",
                jujube.access.Credential.generate("otp-test"));
    }

    private List<String> launches() throws IOException {
        return Files.exists(args) ? Files.readAllLines(args) : List.of();
    }

    @Test
    void launch_starts_a_detached_agent_and_records_its_pid() throws Exception {
        machines = new MachineProcesses(layout, restarts);
        jujube.access.OneTimeCredential credential = oneTime(1);
        assertEquals("local-1", machines.launch(1, credential));
        Path handed = env.resolve("machines/machine-1").resolve(jujube.access.CredentialFiles.ONE_TIME);
        assertEquals(credential, jujube.access.CredentialFiles.readOneTime(handed), "handed to the machine before it starts");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(handed)));
        long pid = pidOf(1);
        assertTrue(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
        POLLING.await("agent ran").until(() -> launches().size() == 1);
        assertEquals("machine --machine-id 1 --zookeeper 127.0.0.1:2181 --data-dir " + env.resolve("machines/machine-1")
                + " --charm-storage " + env.resolve("charms") + " --session-timeout 12000 --log-file "
                + env.resolve("logs/machine-1/machine-1.log"), launches().get(0));
        assertTrue(Files.isDirectory(layout.machineDir(1)));
        assertEquals(layout.log(1), layout.agentLog(1), "a process machine's agent writes logs/machine-1/machine-1.log itself");
        assertTrue(Files.isDirectory(layout.agentLog(1).getParent()));
        assertTrue(Files.exists(layout.output(1)));

        assertEquals("local-1", machines.launch(1, oneTime(1)), "launching a running machine again starts nothing");
        assertEquals(pid, pidOf(1));
        assertTrue(machines.isRunning("local-1"));
        assertEquals(Set.of("local-1"), machines.instances());
    }

    @Test
    void a_full_output_is_moved_aside() throws Exception {
        Files.createDirectories(layout.log(5).getParent());
        Files.write(layout.output(5), new byte[(int) MachineLogs.MAX_OUTPUT_BYTES + 1]);
        machines = new MachineProcesses(layout, restarts);
        machines.launch(5, oneTime(5));

        assertFalse(Files.isSymbolicLink(layout.log(5)), "a process machine writes its log there itself");
        assertEquals(MachineLogs.MAX_OUTPUT_BYTES + 1, Files.size(layout.output(5).resolveSibling("machine-5.out.1")));
        assertTrue(Files.size(layout.output(5)) < MachineLogs.MAX_OUTPUT_BYTES);
    }

    @Test
    void a_killed_machine_is_restarted() throws Exception {
        machines = new MachineProcesses(layout, restarts);
        machines.launch(2, oneTime(2));
        long first = pidOf(2);
        POLLING.await("agent ran").until(() -> launches().size() == 1);
        ProcessHandle.of(first).orElseThrow().destroyForcibly();

        POLLING.await("restarted")
                .until(() -> pidOf(2) != first && ProcessHandle.of(pidOf(2)).map(ProcessHandle::isAlive).orElse(false));
        POLLING.await("agent ran again").until(() -> launches().size() == 2);
        assertTrue(machines.isRunning("local-2"));
    }

    @Test
    void a_machine_dying_young_waits_longer_each_time_up_to_the_configured_longest_delay() throws Exception {
        List<Long> delays = new java.util.concurrent.CopyOnWriteArrayList<>();
        restarts.shutdownNow();
        // the real scheduler, its delays recorded
        restarts = new java.util.concurrent.ScheduledThreadPoolExecutor(1) {
            @Override
            public java.util.concurrent.ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
                delays.add(unit.toMillis(delay));
                return super.schedule(command, delay, unit);
            }
        };
        machines = new MachineProcesses(layout, restarts, Duration.ofMillis(1000));
        machines.launch(7, oneTime(7));
        for (int death = 1; death <= 4; death++) {
            int launched = death;
            POLLING.await("agent ran").until(() -> launches().size() == launched);
            long pid = pidOf(7);
            ProcessHandle.of(pid).orElseThrow().destroyForcibly();
            POLLING.await("restarted").until(() -> pidOf(7) != pid);
        }
        assertEquals(List.of(500L, 1000L, 1000L, 1000L), delays, "250 ms doubled per young death, at most 1 s");
    }

    @Test
    void terminate_kills_the_machine_and_leaves_nothing_of_it() throws Exception {
        machines = new MachineProcesses(layout, restarts);
        machines.launch(3, oneTime(3));
        ProcessHandle process = ProcessHandle.of(pidOf(3)).orElseThrow();
        Files.writeString(layout.log(3).resolveSibling("machine-3.log.1"), "an older log");
        Files.createDirectories(layout.log(30).getParent());
        Files.writeString(layout.log(30), "another machine's");
        machines.terminate("local-3");

        assertFalse(process.isAlive());
        assertFalse(Files.exists(layout.pidFile(3)));
        for (Path gone : List.of(layout.machineDir(3), layout.log(3).getParent(), layout.output(3))) {
            assertFalse(Files.exists(gone, java.nio.file.LinkOption.NOFOLLOW_LINKS), gone + " is left");
        }
        assertTrue(Files.exists(layout.log(30)), "another machine's log is kept");
        assertFalse(machines.isRunning("local-3"));
        assertEquals(Set.of(), machines.instances());
        machines.terminate("local-3"); // again: nothing left to do
    }

    @Test
    void a_machine_started_by_bootstrap_is_adopted_not_started_again() throws Exception {
        Process bootstrapped = new ProcessBuilder(layout.command(0)).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        new PidFiles(env).write(layout.pidFile(0), bootstrapped.pid());
        POLLING.await("agent ran").until(() -> launches().size() == 1);
        POLLING.await("agent named").until(() -> new PidFiles(env).ours(bootstrapped.toHandle()));

        machines = new MachineProcesses(layout, restarts);
        assertEquals("local-0", machines.launch(0, oneTime(0)));
        assertEquals(bootstrapped.pid(), pidOf(0));
        assertEquals(1, launches().size());
        // adopted means watched: it is restarted when it dies
        bootstrapped.destroyForcibly();
        POLLING.await("restarted").until(() -> pidOf(0) != bootstrapped.pid());
        assertTrue(machines.isRunning("local-0"));
    }

    @Test
    void a_pid_file_naming_an_unrelated_process_is_not_trusted() throws Exception {
        new PidFiles(env).write(layout.pidFile(4), ProcessHandle.current().pid());
        machines = new MachineProcesses(layout, restarts);
        // the machine is wanted and its process is not the one recorded: started afresh, this JVM untouched
        long started = pidOf(4);
        assertNotEquals(ProcessHandle.current().pid(), started);
        assertEquals(Optional.of(true), ProcessHandle.of(started).map(ProcessHandle::isAlive));
        assertEquals("local-4", machines.launch(4, oneTime(4)));
        assertEquals(started, pidOf(4), "launch found it running and started no other");
    }

    @Test
    void a_wanted_machine_that_died_while_no_provider_watched_is_started_with_the_provider() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        new PidFiles(env).write(layout.pidFile(5), gone.pid());
        new PidFiles(env).write(layout.pidFile(6), gone.pid());
        Files.delete(layout.pidFile(6)); // terminated: no longer wanted

        machines = new MachineProcesses(layout, restarts);

        assertFalse(Files.exists(layout.pidFile(6)), "a start writes the pid file before it returns");
        assertNotEquals(gone.pid(), pidOf(5));
        POLLING.await("agent ran").until(() -> launches().size() == 1);
        assertTrue(launches().get(0).contains("--machine-id 5"), launches().get(0));
        assertTrue(machines.isRunning("local-5"));
        assertEquals(Set.of("local-5"), machines.instances());
    }
}
