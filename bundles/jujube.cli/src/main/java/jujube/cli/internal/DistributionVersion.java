package jujube.cli.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Properties;
import java.util.regex.Pattern;
import jujube.cli.CliException;
import jujube.files.SmallFiles;
import picocli.CommandLine.IVersionProvider;

/**
 * The version of the distribution the command line runs from: {@code version} in its
 * {@code lib/dist.properties}, which the distribution's build writes from {@code jujube.dist.version}.
 */
public final class DistributionVersion implements IVersionProvider {
    static final String FILE = "lib/dist.properties";
    /** What a version looks like (1.1.0, 1.2.0-rc1): nothing else is printed to the operator's terminal. */
    static final Pattern VERSION = Pattern.compile("[0-9][0-9A-Za-z.+_-]{0,63}");
    /** Far more than a properties file of one key needs. */
    private static final int MAX_BYTES = 64 * 1024;

    /**
     * What {@code dist}'s {@link #FILE} says its version is, unchecked; empty when the file is missing (a
     * distribution built before it had one). The file is read within {@link #MAX_BYTES}.
     *
     * @throws CliException {@code cannot read FILE: why}, one line
     */
    static java.util.Optional<String> read(Path dist) {
        Path file = dist.resolve(FILE);
        Properties properties = new Properties();
        try {
            properties.load(new java.io.StringReader(new String(SmallFiles.read(file, MAX_BYTES), StandardCharsets.UTF_8)));
        } catch (NoSuchFileException e) {
            return java.util.Optional.empty();
        } catch (IOException | IllegalArgumentException e) {
            throw new CliException("cannot read " + file + ": " + e.getMessage());
        }
        return java.util.Optional.of(properties.getProperty("version", "").strip());
    }

    /** The version in {@code dist}'s {@link #FILE}; a CliException, one line, when it cannot say it. */
    static String of(Path dist) {
        Path file = dist.resolve(FILE);
        String version;
        try {
            version = read(dist).orElseThrow(() -> new CliException(file + " is missing"));
        } catch (CliException e) {
            throw new CliException("the distribution's version is unknown: " + e.getMessage());
        }
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
