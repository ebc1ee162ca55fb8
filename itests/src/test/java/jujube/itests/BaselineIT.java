package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build's semantic versioning check (cnf/README.md): a copy of one bundle's module, with this tree's
 * root pom, bnd files, {@code .mvn/} and its release in {@code cnf/release}, built by Maven offline on the
 * build's own local repository. A method added to an exported interface fails the build with bnd's report
 * naming the package and the version it asks for; with the package at that version the bundle's version is
 * still too low, and the build fails naming the bundle; with the bundle's version raised as asked it passes.
 */
class BaselineIT {
    private static final Path ROOT = Path.of(System.getProperty("jujube.itest.root")).normalize();
    private static final String MAVEN = System.getProperty("jujube.itest.maven.home") + "/bin/mvn";
    private static final String LOCAL_REPOSITORY = System.getProperty("jujube.itest.maven.repo");
    private static final String BUNDLE = "jujube.lib.threads";
    private static final String PACKAGE_DIR = "src/main/java/jujube/lib/threads";
    /** One line of bnd's report that needs a change: name, type, delta, new, old, suggested version. */
    private static final Pattern MISMATCH =
            Pattern.compile("^\\[ERROR\\] \\* (\\S+)\\s+(BUNDLE|PACKAGE)\\s+\\S+\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)", Pattern.MULTILINE);

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path copy;

    /** The build's result: its exit code and what it printed. */
    private record Build(int exit, String output) {
        Optional<String> suggested(String type, String name) {
            Matcher m = MISMATCH.matcher(output);
            while (m.find()) {
                if (m.group(2).equals(type) && m.group(1).equals(name)) {
                    return Optional.of(m.group(5));
                }
            }
            return Optional.empty();
        }
    }

    @Test
    void an_api_change_fails_the_build_until_package_and_bundle_versions_say_it() throws Exception {
        Path module = copyModule();
        Path startup = module.resolve(PACKAGE_DIR + "/AgentStartup.java");
        String await = "boolean await(Duration period, java.util.function.Consumer<String> stillWaiting);";
        String source = Files.readString(startup);
        assertTrue(source.contains(await), "AgentStartup.Readiness declares " + await);
        Files.writeString(startup, source.replace(await, await + "\n\n        default String name() { return \"readiness\"; }"));

        Build changed = build();
        assertNotEquals(0, changed.exit(), changed.output());
        assertTrue(changed.output().contains("Baseline problems detected"), changed.output());
        String packageVersion = changed.suggested("PACKAGE", BUNDLE)
                .orElseThrow(() -> new AssertionError("bnd names package " + BUNDLE + ":\n" + changed.output()));

        Path packageInfo = module.resolve(PACKAGE_DIR + "/package-info.java");
        Files.writeString(packageInfo, Files.readString(packageInfo)
                .replaceFirst("@org\\.osgi\\.annotation\\.versioning\\.Version\\(\"[^\"]*\"\\)",
                        "@org.osgi.annotation.versioning.Version(\"" + packageVersion + "\")"));
        Build packageRaised = build();
        assertNotEquals(0, packageRaised.exit(), packageRaised.output());
        assertEquals(Optional.empty(), packageRaised.suggested("PACKAGE", BUNDLE), packageRaised.output());
        String bundleVersion = packageRaised.suggested("BUNDLE", BUNDLE)
                .orElseThrow(() -> new AssertionError("bnd names bundle " + BUNDLE + ":\n" + packageRaised.output()));

        Build bundleRaised = build("-D" + BUNDLE + ".version=" + bundleVersion + "-SNAPSHOT");
        assertEquals(0, bundleRaised.exit(), bundleRaised.output());
    }

    /** The module and what its build reads outside it, in a tree of its own: nothing of the real tree changes. */
    private Path copyModule() throws IOException {
        for (String file : List.of("pom.xml", "bnd.bnd", ".mvn", "cnf/ext", "cnf/release/jujube/" + BUNDLE,
                "bundles/" + BUNDLE + "/pom.xml", "bundles/" + BUNDLE + "/bnd.bnd", "bundles/" + BUNDLE + "/src/main")) {
            copyTree(ROOT.resolve(file), copy.resolve(file));
        }
        return copy.resolve("bundles/" + BUNDLE);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(f, target);
                }
            }
        }
    }

    /** {@code mvn verify} of the copied module, offline, tests skipped (its tests are not copied). */
    private Build build(String... extra) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(MAVEN, "-B", "-ntp", "-q", "-o",
                "-Dmaven.repo.local=" + LOCAL_REPOSITORY, "-DskipTests"));
        command.addAll(List.of(extra));
        command.addAll(List.of("-f", copy.resolve("bundles/" + BUNDLE + "/pom.xml").toString(), "verify"));
        Path log = Files.createTempFile(copy, "mvn", ".log");
        Process p = new ProcessBuilder(command).directory(copy.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(command + " did not finish in 120 s:\n" + Files.readString(log));
        }
        return new Build(p.exitValue(), Files.readString(log));
    }
}
