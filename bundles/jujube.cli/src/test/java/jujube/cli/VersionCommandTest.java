package jujube.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jujube version} and {@code --version}: the version of the distribution the command line runs from. */
class VersionCommandTest {
    @TempDir
    Path dist;

    private Path file;

    record Result(int code, String out, String err) {}

    @BeforeEach
    void distribution() throws Exception {
        // what bin/jujube passes: the distribution's directory
        System.setProperty("jujube.dist", dist.toString());
        file = Files.createDirectories(dist.resolve("lib")).resolve("dist.properties");
    }

    @AfterEach
    void clearDistribution() {
        System.clearProperty("jujube.dist");
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void version_prints_the_distributions_version() throws Exception {
        Files.writeString(file, "version=1.1.0\n");

        assertEquals(new Result(0, "jujube 1.1.0\n", ""), run("version"));
        assertEquals(new Result(0, "jujube 1.1.0\n", ""), run("--version"));
    }

    @Test
    void a_missing_version_file_is_one_line_and_exit_code_1() {
        assertEquals(new Result(1, "", "jujube: the distribution's version is unknown: " + file + " is missing\n"),
                run("version"));
    }

    @Test
    void an_unreadable_version_file_is_one_line_and_exit_code_1() throws Exception {
        Files.createDirectory(file);

        Result r = run("version");

        assertEquals(1, r.code());
        assertEquals("", r.out());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("jujube: the distribution's version is unknown: cannot read " + file + ": "),
                r.err());
    }

    @Test
    void a_version_file_without_a_version_is_one_line_and_exit_code_1() throws Exception {
        for (String content : new String[] {"", "name=jujube\n", "version=\n", "version=\u001b[2Jx\n"}) {
            Files.writeString(file, content);

            assertEquals(new Result(1, "", "jujube: the distribution's version is unknown: " + file
                    + " holds no version=X.Y.Z\n"), run("version"), content);
        }
    }

    @Test
    void outside_a_distribution_version_says_how_to_run_it() {
        System.clearProperty("jujube.dist");

        assertEquals(new Result(1, "", "jujube: jujube.dist is not set: run jujube through bin/jujube\n"), run("version"));
    }
}
