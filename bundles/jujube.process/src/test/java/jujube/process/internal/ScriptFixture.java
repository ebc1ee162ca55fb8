package jujube.process.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import jujube.hooks.tools.HookToolsInstaller;
import jujube.hooks.tools.InstalledTools;
import jujube.hooks.tools.JavaFallback;
import jujube.process.ProcessOutput;
import jujube.process.ProcessSpec;

/**
 * A working directory of real shell scripts, a directory for the hook tools' session leader, and helpers to
 * watch the processes the scripts start. Scripts find the working directory in {@code $WORK}.
 */
final class ScriptFixture {
    /** What the threads reading a script's output are named after. */
    static final String THREAD_NAME = "jujube-test-process";
    final Path dir;
    final Path toolsDir;

    ScriptFixture(Path root) throws IOException {
        dir = Files.createDirectories(root.resolve("work"));
        toolsDir = Files.createDirectories(root.resolve("tools"));
    }

    /** Writes an executable {@code #!/bin/sh} script with the given body. */
    Path script(String name, String body) throws IOException {
        Path script = dir.resolve(name);
        Files.writeString(script, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    /** Installs the hook tools, whose {@code jujube-hook-leader} then leads the scripts' sessions. */
    Path installLeader() throws IOException {
        InstalledTools tools = new HookToolsInstaller(JavaFallback.fromRuntime()).install(toolsDir);
        return tools.sessionLeader().orElseThrow();
    }

    /** The installed session leader, if any. */
    Optional<Path> leader() {
        return Optional.of(toolsDir.resolve(HookToolsInstaller.SESSION_LEADER)).filter(Files::isExecutable);
    }

    /** The script, with {@code WORK} and a {@code PATH} in its environment, a minute's timeout and no limit group. */
    ProcessSpec spec(Path script) {
        return spec(script, Duration.ofSeconds(60));
    }

    ProcessSpec spec(Path script, Duration timeout) {
        return new ProcessSpec(THREAD_NAME, List.of(script.toString()), Map.of("PATH", "/usr/bin:/bin",
                "WORK", dir.toString()), dir, timeout, Optional.empty(), leader());
    }

    /** Whether a process is running (not gone, not a zombie nobody reaps). */
    static boolean running(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            char state = stat.charAt(stat.lastIndexOf(')') + 2);
            return state != 'Z' && state != 'X';
        } catch (IOException e) {
            return false;
        }
    }

    static List<Long> pids(Path file) throws IOException {
        return Files.readAllLines(file).stream().map(String::trim).filter(s -> !s.isEmpty()).map(Long::valueOf)
                .toList();
    }

    static void kill(List<Long> pids) {
        pids.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
    }

    /** A sink that records what it is told in arrival order: lines of each stream, lines dropped, the start. */
    static class Recording implements ProcessOutput {
        final List<String> all = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void stdout(String line) {
            all.add("out:" + line);
        }

        @Override
        public void stderr(String line) {
            all.add("err:" + line);
        }

        @Override
        public void dropped(long lines, long bytes, int shown) {
            all.add("dropped:" + lines + " lines, " + bytes + " bytes after " + shown);
        }

        @Override
        public void started(long pid, Duration timeout) {
            all.add("started:" + pid + " for " + timeout.toMillis() + " ms");
        }

        List<String> stdout() {
            return lines("out:");
        }

        List<String> stderr() {
            return lines("err:");
        }

        private List<String> lines(String stream) {
            synchronized (all) {
                return all.stream().filter(event -> event.startsWith(stream)).map(event -> event.substring(4)).toList();
            }
        }
    }
}
