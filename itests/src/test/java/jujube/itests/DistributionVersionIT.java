package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jujube version} on the built distribution: the version its build wrote into
 * {@code lib/dist.properties} (the root pom's {@code jujube.dist.version}), and one line, exit code 1, from a
 * distribution without that file.
 */
class DistributionVersionIT {
    private static final String VERSION = System.getProperty("jujube.itest.dist.version");

    @TempDir
    Path dir;

    @Test
    void version_prints_the_version_the_distribution_was_built_with() throws Exception {
        Distribution dist = new Distribution(dir.resolve("home"));

        assertEquals(new Distribution.Run(0, "jujube " + VERSION + "\n", ""), dist.jujube("version"));
        assertEquals("version=" + VERSION + "\n", Files.readString(dist.dist.resolve("lib/dist.properties")));
    }

    @Test
    void a_distribution_without_its_version_file_says_so_in_one_line() throws Exception {
        Distribution built = new Distribution(dir.resolve("home"));
        // the built distribution's command line, in a directory of its own that has no lib/dist.properties
        Path copy = dir.resolve("dist");
        Files.createDirectories(copy.resolve("bin"));
        Files.copy(built.dist.resolve("bin/jujube"), copy.resolve("bin/jujube"), StandardCopyOption.COPY_ATTRIBUTES);
        Files.createDirectories(copy.resolve("lib"));
        Files.createSymbolicLink(copy.resolve("lib/cli"), built.dist.resolve("lib/cli").toAbsolutePath());

        Distribution.Run run = built.run(Map.of(), copy.resolve("bin/jujube").toString(), "version");

        assertEquals(new Distribution.Run(1, "", "jujube: the distribution's version is unknown: "
                + copy.resolve("lib/dist.properties") + " is missing\n"), run);
    }
}
