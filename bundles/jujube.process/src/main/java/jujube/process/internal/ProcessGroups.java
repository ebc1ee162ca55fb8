package jujube.process.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Process groups without native calls: which program makes a process lead its own session, and the kill of
 * a group through {@code kill(1)}. The session leader is the one the caller gives (the hook tools' static
 * {@code jujube-hook-leader}), else {@code setsid}: a child of the JVM is not a group leader, so the leader
 * calls setsid(2) and execs the process in place, which makes its pid also its process group id. A static
 * leader is better: {@code setsid} is a dynamic binary, and on a machine where exec is dear its loader's
 * start-up was the largest single cost of running a hook. Without either, or without {@code kill},
 * processes run in the agent's group and only their live descendants are killed.
 */
final class ProcessGroups {
    private static final Logger LOG = LoggerFactory.getLogger(ProcessGroups.class);
    private static final Optional<Path> SETSID = firstExecutable("/usr/bin/setsid", "/bin/setsid");

    private final Optional<Path> kill;

    ProcessGroups() {
        kill = firstExecutable("/bin/kill", "/usr/bin/kill");
        if (kill.isEmpty()) {
            LOG.warn("kill not found: a timeout kills only the process's descendants");
        }
    }

    /** The program that starts a process as the leader of a new session: {@code given}, else {@code setsid}. */
    static Optional<Path> sessionLeader(Optional<Path> given) {
        return given.isPresent() ? given : SETSID;
    }

    /** Kills the group led by {@code process} (SIGKILL) and any descendant that left it. */
    void killGroup(Process process) {
        // Taken before the kill: once the leader dies its children are re-parented and lost to us.
        List<ProcessHandle> descendants = process.descendants().toList();
        if (leadsGroup(process) && kill.isPresent()) {
            signalGroup(process.pid());
        }
        descendants.forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    /**
     * Kills (SIGKILL) the process group {@code pgid}, led by a process that is not this JVM's child: one an
     * earlier agent started and left running when it died.
     */
    void killGroup(long pgid) {
        if (kill.isPresent()) {
            signalGroup(pgid);
        }
        ProcessHandle.of(pgid).ifPresent(ProcessHandle::destroyForcibly);
    }

    /** True when the process is its own group's leader (read before the kill, while it lives). */
    private static boolean leadsGroup(Process process) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"));
            // After "(comm) ": state, ppid, pgrp.
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return fields.length > 2 && fields[2].equals(Long.toString(process.pid()));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private void signalGroup(long pgid) {
        try {
            Process killer = new ProcessBuilder(kill.get().toString(), "-s", "KILL", "--", "-" + pgid)
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!killer.waitFor(10, TimeUnit.SECONDS)) {
                killer.destroyForcibly();
                LOG.warn("kill of process group {} did not finish", pgid);
            }
        } catch (IOException e) {
            LOG.warn("could not kill process group {}: {}", pgid, e.toString());
        } catch (InterruptedException e) {
            // the caller is going away: the descendants are still killed, the flag tells it why we returned
            Thread.currentThread().interrupt();
            LOG.warn("interrupted while killing process group {}", pgid);
        }
    }

    private static Optional<Path> firstExecutable(String... candidates) {
        return Stream.of(candidates).map(Path::of).filter(Files::isExecutable).findFirst();
    }
}
