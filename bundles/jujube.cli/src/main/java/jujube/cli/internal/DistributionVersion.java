package jujube.cli.internal;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Properties;
import java.util.regex.Pattern;
import jujube.cli.CliException;
import picocli.CommandLine.IVersionProvider;

/**
 * The version of the distribution the command line runs from: {@code version} in its
 * {@code lib/dist.properties}, which the distribution's build writes from {@code jujube.dist.version}.
 */
public final class DistributionVersion implements IVersionProvider {
    static final String FILE = "lib/dist.properties";
    /** What a version looks like (1.1.0, 1.2.0-rc1): nothing else is printed to the operator's terminal. */
    private static final Pattern VERSION = Pattern.compile("[0-9][0-9A-Za-z.+_-]{0,63}");

    /** The version in {@code dist}'s {@link #FILE}; a CliException, one line, when it cannot say it. */
    static String of(Path dist) {
        Path file = dist.resolve(FILE);
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(in);
        } catch (NoSuchFileException e) {
            throw new CliException("the distribution's version is unknown: " + file + " is missing");
        } catch (IOException | IllegalArgumentException e) {
            throw new CliException("the distribution's version is unknown: cannot read " + file + ": " + e.getMessage());
        }
        String version = properties.getProperty("version", "").strip();
        if (!VERSION.matcher(version).matches()) {
            throw new CliException("the distribution's version is unknown: " + file + " holds no version=X.Y.Z");
        }
        return version;
    }

    /** {@code jujube --version}: what {@code jujube version} prints, or why it cannot. */
    @Override
    public String[] getVersion() {
        try {
            return new String[] {"jujube " + of(Distribution.dir())};
        } catch (CliException e) {
            return new String[] {"jujube: " + e.getMessage()};
        }
    }
}
