package jujube.testkit;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A JVM on the test class path, running one class's {@code main}: crash tests need a real process they
 * can kill with SIGKILL at any instant. It starts quickly (C1 only, class-data sharing when available).
 */
public final class TestJvm {
    private TestJvm() {
    }

    /** The process to start, for the caller to redirect; {@code jvmOptions} come before the class path. */
    public static ProcessBuilder builder(Class<?> main, List<String> jvmOptions, String... args) {
        // under surefire the JVM's own class path may be a single manifest-only jar
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-XX:TieredStopAtLevel=1");
        command.add("-Xshare:auto");
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(classPath);
        command.add(main.getName());
        command.addAll(List.of(args));
        return new ProcessBuilder(command);
    }
}
