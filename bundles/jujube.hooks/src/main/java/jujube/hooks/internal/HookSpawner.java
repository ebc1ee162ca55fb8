package jujube.hooks.internal;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jujube.hooks.tools.HookToolsInstaller;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts a hook as the leader of its own session and process group, in the charm directory, with
 * exactly the given environment, stdin from {@code /dev/null} and stdout and stderr on the given named
 * pipes. Two ways: {@link Posix} calls {@code posix_spawn} through the JDK's foreign function interface;
 * {@link Jdk} uses {@link ProcessBuilder} and a session leader program. They give the hook the same
 * process; the first took a quarter off a 2,500-hook relation's convergence ({@code bench/e2e/RESULTS.md},
 * step 9), because the JDK's child lists {@code /proc/self/fd} to close the agent's descriptors
 * (entries the kernel frees again when the hook is reaped) and then needs the leader's exec to call
 * {@code setsid}, where {@code posix_spawn} closes them with one {@code close_range} and sets
 * the session itself.
 */
interface HookSpawner {
    /**
     * Starts {@code hook}; with {@code cgroups}, through the session leader in {@code toolsDir}, which
     * moves itself into those cgroups (the files are their {@code cgroup.procs}) before it execs the hook,
     * so that nothing the hook forks starts outside them.
     */
    Process start(Path hook, Path toolsDir, Path charmDir, Map<String, String> env, Path stdout, Path stderr,
                  List<Path> cgroups) throws IOException, InterruptedException;

    /** Starts {@code hook} in the agent's own cgroup. */
    default Process start(Path hook, Path toolsDir, Path charmDir, Map<String, String> env, Path stdout, Path stderr)
            throws IOException, InterruptedException {
        return start(hook, toolsDir, charmDir, env, stdout, stderr, List.of());
    }

    /** The session leader's command line that runs {@code hook} after joining the cgroups of {@code procs}. */
    static List<String> inCgroups(Path toolsDir, List<Path> procs, Path hook) {
        List<String> command = new ArrayList<>(List.of(toolsDir.resolve(HookToolsInstaller.SESSION_LEADER).toString()));
        procs.forEach(file -> command.addAll(List.of("--cgroup", file.toString())));
        command.add(hook.toString());
        return command;
    }

    /** The first way this JVM supports: {@link Posix} when its native access is enabled, else {@link Jdk}. */
    static HookSpawner best(ProcessGroups groups) {
        Logger log = LoggerFactory.getLogger(HookSpawner.class);
        try {
            HookSpawner posix = new Posix(PosixSpawn.load());
            log.info("hooks are started with posix_spawn");
            return posix;
        } catch (UnsupportedOperationException e) {
            log.info("hooks are started by the JDK through a session leader (posix_spawn: {})", e.getMessage());
        } catch (LinkageError e) {
            // the bundle's optional import is not wired: the JVM lacks --add-modules jdk.incubator.foreign
            log.info("hooks are started by the JDK through a session leader (jdk.incubator.foreign is not "
                    + "available: {})", e.toString());
        }
        return new Jdk(groups);
    }

    /** {@link Jdk}, chosen by the invoker's configuration ({@code nativeSpawn=false}). */
    static HookSpawner configuredJdk(ProcessGroups groups) {
        LoggerFactory.getLogger(HookSpawner.class).info("hooks are started by the JDK through a session leader "
                + "(nativeSpawn=false)");
        return new Jdk(groups);
    }

    /** Through {@code posix_spawn}: see {@link PosixSpawn} and {@link PosixProcess}. */
    record Posix(PosixSpawn posix) implements HookSpawner {
        private static final Path DEV_NULL = Path.of("/dev/null");

        @Override
        public Process start(Path hook, Path toolsDir, Path charmDir, Map<String, String> env, Path stdout,
                             Path stderr, List<Path> cgroups) throws IOException, InterruptedException {
            List<String> argv = cgroups.isEmpty() ? List.of(hook.toString()) : inCgroups(toolsDir, cgroups, hook);
            int pid = posix.spawn(Path.of(argv.get(0)), argv, env, charmDir, DEV_NULL, stdout, stderr);
            try {
                return new PosixProcess(posix, pid);
            } catch (IOException e) {
                // No pidfd (out of descriptors): do not leave a hook running that nobody waits for.
                posix.kill(pid, PosixSpawn.SIGKILL);
                while (posix.reap(pid).isEmpty()) {
                    Thread.sleep(1);
                }
                throw e;
            }
        }
    }

    /** Through {@link ProcessBuilder} and the session leader of {@link ProcessGroups#command}. */
    record Jdk(ProcessGroups groups) implements HookSpawner {
        @Override
        public Process start(Path hook, Path toolsDir, Path charmDir, Map<String, String> env, Path stdout,
                             Path stderr, List<Path> cgroups) throws IOException {
            List<String> command = cgroups.isEmpty() ? groups.command(hook, toolsDir) : inCgroups(toolsDir, cgroups, hook);
            ProcessBuilder builder = new ProcessBuilder(command)
                    .directory(charmDir.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(stdout.toFile())
                    .redirectError(stderr.toFile());
            builder.environment().clear();
            builder.environment().putAll(env);
            return builder.start();
        }
    }
}
