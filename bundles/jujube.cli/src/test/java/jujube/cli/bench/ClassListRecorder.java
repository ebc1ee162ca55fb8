package jujube.cli.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Records, at build time, the classes the command line loads, from which the launcher's build dumps
 * {@code bin/jujube}'s class-data archives: a status, then a get and a deploy, each run by the
 * distribution's own class path ({@code DIST/lib/cli}) against a throwaway environment of 40 related
 * pairs of services ({@link StatusBenchEnvironment}, ZooKeeper in this process). Writes
 * {@code status.classlist} (a status's classes) and {@code cli.classlist} (all three, each class once, in
 * the order first loaded) into OUT.
 *
 * <p>{@code ClassListRecorder DIST CHARMS OUT}, run by the JVM that will dump and map the archives.
 */
public final class ClassListRecorder {
    /** Enough units that a status reads them in several multi-read batches, as a large one does. */
    private static final int PAIRS = 40;

    private ClassListRecorder() {}

    public static void main(String[] args) throws Exception {
        Path dist = Path.of(args[0]).toAbsolutePath();
        Path charms = Path.of(args[1]).toAbsolutePath();
        Path out = Files.createDirectories(Path.of(args[2]));
        Path work = Files.createTempDirectory("jujube-classlist");
        try (StatusBenchEnvironment environment = StatusBenchEnvironment.start(work.resolve("home"), charms, PAIRS)) {
            List<String> status = record(dist, work, "status", "-e", "bench");
            List<String> get = record(dist, work, "get", "-e", "bench", "blog-a");
            List<String> deploy = record(dist, work, "deploy", "-e", "bench", "--repository", charms.toString(),
                    "local:precise/mysql", "classlist-db");
            Files.write(out.resolve("status.classlist"), status);
            Set<String> all = new LinkedHashSet<>(status);
            all.addAll(get);
            all.addAll(deploy);
            Files.write(out.resolve("cli.classlist"), all);
            System.out.println("recorded " + status.size() + " classes of a status, " + all.size() + " in all");
        } finally {
            delete(work);
        }
        // the state connection's daemon threads would otherwise keep Curator's shutdown waiting
        System.exit(0);
    }

    /** The classes one command line loads, in order, without the list's comment lines. */
    private static List<String> record(Path dist, Path work, String... command) throws IOException, InterruptedException {
        Path list = work.resolve(command[0] + ".classlist");
        List<String> line = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:off", "-XX:DumpLoadedClassList=" + list,
                "-Djujube.dist=" + dist, "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "-cp", dist.resolve("lib/cli") + "/*", "jujube.cli.Main"));
        line.addAll(List.of(command));
        ProcessBuilder builder = new ProcessBuilder(line).redirectErrorStream(true)
                .redirectOutput(work.resolve(command[0] + ".out").toFile());
        builder.environment().put("JUJUBE_HOME", work.resolve("home").toString());
        builder.environment().remove("JUJUBE_JAVA_OPTS");
        int code = builder.start().waitFor();
        if (code != 0) {
            throw new IllegalStateException("'jujube " + String.join(" ", command) + "' exited " + code + ":\n"
                    + Files.readString(work.resolve(command[0] + ".out")));
        }
        return Files.readAllLines(list).stream().filter(l -> !l.startsWith("#")).toList();
    }

    private static void delete(Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
