package jujube.cli.internal;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import jujube.cli.CliException;
import jujube.files.AtomicFiles;

/**
 * The processes a local environment started, each recorded by a pid file under {@code pids/}.
 * A recorded pid is only trusted while the process's command line still names the environment's
 * directory, so a pid reused by an unrelated process is never signalled.
 */
final class AgentProcesses {
    private final LocalEnvironment env;
    private final Path distribution;

    AgentProcesses(LocalEnvironment env, Path distribution) {
        this.env = env;
        this.distribution = distribution;
    }

    /** Starts {@code bin/jujube-agent args...} detached (own session), logging to {@code logs/<name>.log}. */
    ProcessHandle start(String name, List<String> args) {
        Path agent = distribution.resolve("bin").resolve("jujube-agent");
        if (!Files.isExecutable(agent)) {
            throw new CliException("cannot find the agent launcher " + agent + " (is the distribution built?)");
        }
        List<String> command = new ArrayList<>();
        command.add("setsid");
        command.add(agent.toString());
        command.addAll(args);
        try {
            AtomicFiles.createOwnerOnly(env.logs().resolve(name + ".log"));
            ProcessBuilder pb = new ProcessBuilder(command)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(env.logs().resolve(name + ".log").toFile()))
                    .redirectErrorStream(true);
            Process p = pb.start();
            AtomicFiles.write(env.pids().resolve(name + ".pid"),
                    (p.pid() + "\n").getBytes(StandardCharsets.US_ASCII));
            return p.toHandle();
        } catch (IOException e) {
            throw new CliException("cannot start " + name + ": " + e.getMessage(), e);
        }
    }

    /** The live process recorded under {@code name} in {@code env}'s pid files, if any. */
    static Optional<ProcessHandle> find(LocalEnvironment env, String name) {
        Path file = env.pids().resolve(name + ".pid");
        try {
            String text = Files.readString(file, StandardCharsets.US_ASCII).trim();
            return ProcessHandle.of(Long.parseLong(text)).filter(ProcessHandle::isAlive).filter(p -> ours(env, p));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** Whether a process was recorded under {@code name} in {@code env}'s pid files and is no longer running. */
    static boolean recordedAndGone(LocalEnvironment env, String name) {
        return Files.exists(env.pids().resolve(name + ".pid")) && find(env, name).isEmpty();
    }

    /** Whether the process's command line refers to {@code env}. */
    private static boolean ours(LocalEnvironment env, ProcessHandle p) {
        try {
            byte[] raw = Files.readAllBytes(Path.of("/proc", Long.toString(p.pid()), "cmdline"));
            String cmdline = new String(raw, StandardCharsets.UTF_8).replace('\0', ' ');
            return cmdline.contains(env.dir().toString());
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Stops every recorded process and every other process whose command line names the
     * environment (a hook, or an agent whose pid file was lost): SIGTERM, then SIGKILL after
     * {@code grace}. Returns how many were stopped.
     */
    int stopAll(Duration grace) {
        List<ProcessHandle> targets = new ArrayList<>();
        try (Stream<Path> files = Files.exists(env.pids()) ? Files.list(env.pids()) : Stream.empty()) {
            files.filter(f -> f.toString().endsWith(".pid"))
                    .map(f -> f.getFileName().toString().replace(".pid", ""))
                    .forEach(n -> find(env, n).ifPresent(targets::add));
        } catch (IOException e) {
            throw new CliException("cannot read " + env.pids() + ": " + e.getMessage(), e);
        }
        ProcessHandle.allProcesses().filter(p -> p.pid() != ProcessHandle.current().pid())
                .filter(p -> ours(env, p)).filter(p -> !targets.contains(p)).forEach(targets::add);
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
