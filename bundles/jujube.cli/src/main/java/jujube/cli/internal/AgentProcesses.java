package jujube.cli.internal;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import jujube.cli.CliException;
import jujube.files.AtomicFiles;
import jujube.provider.local.PidFiles;

/**
 * The processes a local environment started, each recorded by a pid file under {@code pids/}
 * ({@link PidFiles}, shared with the local provider): a recorded pid is only trusted while the process's
 * command line still names the environment's directory, so a pid reused by an unrelated process is
 * never signalled.
 */
final class AgentProcesses {
    private final LocalEnvironment env;
    private final Path distribution;

    AgentProcesses(LocalEnvironment env, Path distribution) {
        this.env = env;
        this.distribution = distribution;
    }

    /**
     * Starts {@code bin/jujube-agent args...} detached (own session) under {@code bin/jujube-supervise},
     * which starts it again whenever it exits and records its pid in {@code pids/<name>.pid}; the
     * supervisor's own pid is in {@code pids/<name>-supervisor.pid}. The agent logs to
     * {@code logs/<name>.log} (rolled by size); what its JVM prints, and the supervisor's lines, go to
     * {@code logs/<name>.out}. Returns the supervisor.
     */
    ProcessHandle startSupervised(String name, List<String> args) {
        Path bin = distribution.resolve("bin");
        Path agent = bin.resolve("jujube-agent");
        Path supervisor = bin.resolve("jujube-supervise");
        if (!Files.isExecutable(agent) || !Files.isExecutable(supervisor)) {
            throw new CliException("cannot find the agent launcher " + agent + " (is the distribution built?)");
        }
        Path output = env.logs().resolve(name + ".out");
        PidFiles pids = env.pidFiles();
        List<String> command = new ArrayList<>(List.of("setsid", supervisor.toString(),
                pids.file(name).toString(), output.toString(), agent.toString()));
        command.addAll(args);
        command.addAll(List.of("--log-file", env.logs().resolve(name + ".log").toString()));
        try {
            Files.createDirectories(env.logs());
            Files.createDirectories(pids.dir());
            AtomicFiles.createOwnerOnly(env.logs().resolve(name + ".log"));
            AtomicFiles.createOwnerOnly(output);
            ProcessBuilder pb = new ProcessBuilder(command)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile()))
                    .redirectErrorStream(true);
            Process p = pb.start();
            pids.write(pids.file(supervisorOf(name)), p.pid());
            return p.toHandle();
        } catch (IOException e) {
            throw new CliException("cannot start " + name + ": " + e.getMessage(), e);
        }
    }

    /** The name under which the supervisor of process {@code name} is recorded. */
    static String supervisorOf(String name) {
        return name + "-supervisor";
    }

    /**
     * Whether process {@code name} was recorded, is gone, and has no live supervisor to start it again:
     * whether it stays down unless someone starts it.
     */
    static boolean down(LocalEnvironment env, String name) {
        return recordedAndGone(env, name) && find(env, supervisorOf(name)).isEmpty();
    }

    /** The live process recorded under {@code name} in {@code env}'s pid files, if any. */
    static Optional<ProcessHandle> find(LocalEnvironment env, String name) {
        PidFiles pids = env.pidFiles();
        return pids.live(pids.file(name));
    }

    /** Whether a process was recorded under {@code name} in {@code env}'s pid files and is no longer running. */
    static boolean recordedAndGone(LocalEnvironment env, String name) {
        PidFiles pids = env.pidFiles();
        return pids.recordedAndGone(pids.file(name));
    }

    /** Whether the process runs {@code bin/jujube-supervise}. */
    private static boolean supervising(ProcessHandle p) {
        return p.info().arguments().map(a -> a.length > 0 && a[0].endsWith("/jujube-supervise")).orElse(false);
    }

    /**
     * Stops every recorded process and every other process whose command line names the
     * environment (a hook, or an agent whose pid file was lost): SIGTERM, then SIGKILL after
     * {@code grace}. Returns how many were stopped.
     */
    int stopAll(Duration grace) {
        // supervisors first, at once and for good: none may start again what is being stopped
        PidFiles pids = env.pidFiles();
        List<ProcessHandle> supervisors = new ArrayList<>();
        ProcessHandle.allProcesses().filter(pids::ours).filter(AgentProcesses::supervising).forEach(supervisors::add);
        supervisors.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle p : supervisors) {
            try {
                p.onExit().get(10, java.util.concurrent.TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new CliException("supervisor " + p.pid() + " of environment '" + env.name() + "' does not stop");
            }
        }
        List<ProcessHandle> targets = new ArrayList<>(supervisors);
        try {
            pids.names().forEach(n -> pids.live(pids.file(n)).ifPresent(targets::add));
        } catch (IOException e) {
            throw new CliException("cannot read the pid files of environment '" + env.name() + "': " + e.getMessage(), e);
        }
        ProcessHandle.allProcesses().filter(p -> p.pid() != ProcessHandle.current().pid())
                .filter(pids::ours).filter(p -> !targets.contains(p)).forEach(targets::add);
        List<ProcessHandle> all = new ArrayList<>(targets);
        for (ProcessHandle p : targets) {
            p.descendants().forEach(all::add);
        }
        all.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + grace.toNanos();
        for (ProcessHandle p : all) {
            long left = deadline - System.nanoTime();
            try {
                p.onExit().get(Math.max(left, 0), java.util.concurrent.TimeUnit.NANOSECONDS);
            } catch (Exception e) {
                p.destroyForcibly();
            }
        }
        for (ProcessHandle p : all) {
            try {
                p.onExit().get(10, java.util.concurrent.TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new CliException("process " + p.pid() + " of environment '" + env.name() + "' does not stop");
            }
        }
        return targets.size();
    }
}
