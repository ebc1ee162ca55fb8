package jujube.process.internal;

import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import jujube.process.spawn.ProcessSpawner;
import jujube.process.spawn.SpawnRequest;
import jujube.process.spawn.SpawnedProcess;
import org.osgi.framework.Constants;
import org.osgi.service.component.annotations.Component;

/**
 * The {@link ProcessSpawner} every JVM has: {@link ProcessBuilder}, with the request's session leader put in
 * front of the command, and group kills through {@code kill(1)} ({@link ProcessGroups}). The JDK's child
 * lists {@code /proc/self/fd} to close the agent's descriptors and the leader costs an exec, which is why a
 * native spawner, where one is installed, ranks above this one.
 */
@Component(service = ProcessSpawner.class, property = {Constants.SERVICE_RANKING + ":Integer=0",
        ProcessSpawner.KIND + "=" + ProcessSpawner.KIND_JDK})
public final class JdkProcessSpawner implements ProcessSpawner {
    private final ProcessGroups groups = new ProcessGroups();

    @Override
    public SpawnedProcess start(SpawnRequest request) throws IOException {
        List<String> command = new ArrayList<>();
        request.sessionLeader().ifPresent(leader -> command.add(leader.toString()));
        command.addAll(request.command());
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(request.directory().toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(request.stdout().toFile())
                .redirectError(request.stderr().toFile());
        builder.environment().clear();
        builder.environment().putAll(request.environment());
        return new JdkProcess(builder.start(), groups);
    }

    @Override
    public String toString() {
        return "JDK";
    }

    /** A {@link Process} as a {@link SpawnedProcess}. */
    private record JdkProcess(Process process, ProcessGroups groups) implements SpawnedProcess {
        private static final Duration FOREVER = Duration.ofNanos(Long.MAX_VALUE);

        @Override
        public long pid() {
            return process.pid();
        }

        @Override
        public int waitFor() throws InterruptedException {
            return process.waitFor();
        }

        @Override
        public boolean waitFor(Duration timeout) throws InterruptedException {
            // Duration can hold more nanoseconds than a long: beyond that, as good as for ever
            return process.waitFor(timeout.compareTo(FOREVER) > 0 ? Long.MAX_VALUE : timeout.toNanos(),
                    TimeUnit.NANOSECONDS);
        }

        @Override
        public int exitValue() {
            return process.exitValue();
        }

        @Override
        public void killGroup() {
            if (process.isAlive()) {
                groups.killGroup(process);
            }
        }
    }
}
