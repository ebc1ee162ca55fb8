package jujube.process.spawn;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What to start.
 *
 * @param command the program and its arguments; the program is a path, not looked up on a {@code PATH}
 * @param environment exactly the environment the process gets
 * @param directory its working directory
 * @param stdout the file (usually a named pipe) its stdout is opened on
 * @param stderr the file its stderr is opened on
 * @param sessionLeader a program that makes its process lead a new session (unless it already does) and
 *     execs its arguments, such as {@code setsid(1)}; a spawner that cannot start a process in a new session
 *     itself runs the command through it. Empty when the command does so itself, or when there is none (the
 *     process then stays in the agent's session)
 */
public record SpawnRequest(List<String> command, Map<String, String> environment, Path directory, Path stdout,
                           Path stderr, Optional<Path> sessionLeader) {
    public SpawnRequest {
        command = List.copyOf(command);
        if (command.isEmpty()) {
            throw new IllegalArgumentException("no command");
        }
        environment = Map.copyOf(environment);
        Objects.requireNonNull(directory, "directory");
        Objects.requireNonNull(stdout, "stdout");
        Objects.requireNonNull(stderr, "stderr");
        Objects.requireNonNull(sessionLeader, "sessionLeader");
    }
}
