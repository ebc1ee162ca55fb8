package jujube.process;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One process to run to its end.
 *
 * @param threadName what the two threads reading its output are named after ({@code -stdout},
 *     {@code -stderr} added)
 * @param command the program and its arguments; the program is a path, not looked up on a {@code PATH}
 * @param environment exactly the environment the process gets
 * @param directory its working directory
 * @param timeout after which its whole process group is killed; {@link Duration#ZERO}: never
 * @param limitGroup the group whose process limit the process and everything it starts count against (a
 *     unit's name: all its hooks); empty: none
 * @param sessionLeader a program that makes its process lead a new session, joins the cgroups that
 *     {@code --cgroup PROCS} options before its arguments name, and execs the rest (the hook tools'
 *     {@code jujube-hook-leader}). Empty: {@code setsid(1)} leads the session, and the process runs
 *     outside any process limit, since only that program can start it inside its cgroup
 */
public record ProcessSpec(String threadName, List<String> command, Map<String, String> environment, Path directory,
                          Duration timeout, Optional<String> limitGroup, Optional<Path> sessionLeader) {
    public ProcessSpec {
        Objects.requireNonNull(threadName, "threadName");
        command = List.copyOf(command);
        if (command.isEmpty()) {
            throw new IllegalArgumentException("no command");
        }
        environment = Map.copyOf(environment);
        Objects.requireNonNull(directory, "directory");
        if (timeout.isNegative()) {
            throw new IllegalArgumentException("negative timeout: " + timeout);
        }
        Objects.requireNonNull(limitGroup, "limitGroup");
        Objects.requireNonNull(sessionLeader, "sessionLeader");
    }
}
