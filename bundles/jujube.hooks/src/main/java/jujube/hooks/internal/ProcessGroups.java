package jujube.hooks.internal;

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
 * Starts hooks in a process group of their own and kills such groups. A hook runs under
 * {@code setsid}: a child of the JVM is not a group leader, so {@code setsid} calls setsid(2) and
 * execs the hook in place, which makes the hook's pid also its process group id. Killing the group
 * reaches every child the hook started, including ones already orphaned. Without {@code setsid} or
 * {@code kill} on this host, hooks run in the agent's group and only their live descendants are killed.
 */
final class ProcessGroups {
    private static final Logger LOG = LoggerFactory.getLogger(ProcessGroups.class);

    private final Optional<Path> setsid;
    private final Optional<Path> kill;

    ProcessGroups() {
        setsid = firstExecutable("/usr/bin/setsid", "/bin/setsid");
        kill = firstExecutable("/bin/kill", "/usr/bin/kill");
        if (setsid.isEmpty() || kill.isEmpty()) {
            LOG.warn("setsid or kill not found: hook timeouts kill only the hook's descendants");
        }
    }

    /** The command line that runs {@code hook} as the leader of a new process group. */
    List<String> command(Path hook) {
        return setsid.map(s -> List.of(s.toString(), hook.toString())).orElse(List.of(hook.toString()));
    }

    /** Kills the group led by {@code process} (SIGKILL) and any descendant that left it. */
    void killGroup(Process process) throws InterruptedException {
        // Taken before the kill: once the leader dies its children are re-parented and lost to us.
        List<ProcessHandle> descendants = process.descendants().toList();
        if (setsid.isPresent() && kill.isPresent()) {
            signalGroup(process.pid());
        }
        descendants.forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    private void signalGroup(long pgid) throws InterruptedException {
        try {
            Process killer = new ProcessBuilder(kill.get().toString(), "-s", "KILL", "--", "-" + pgid)
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!killer.waitFor(10, TimeUnit.SECONDS)) {
                killer.destroyForcibly();
                LOG.warn("kill of process group {} did not finish", pgid);
            }
        } catch (IOException e) {
            LOG.warn("could not kill process group {}: {}", pgid, e.toString());
        }
    }

    private static Optional<Path> firstExecutable(String... candidates) {
        return Stream.of(candidates).map(Path::of).filter(Files::isExecutable).findFirst();
    }
}
