package jujube.cli.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import jujube.cli.CliException;
import picocli.CommandLine.Option;

/** {@code -e NAME}: which local environment under {@code $JUJUBE_HOME} a command acts on. */
public final class EnvironmentOption {
    @Option(names = {"-e", "--environment"}, defaultValue = "local", description = "Environment name (default: ${DEFAULT-VALUE}).")
    String name;

    /**
     * {@code $JUJUBE_HOME}, by default {@code ~/.local/share/jujube}. The system property
     * {@code jujube.home} comes first: in-process callers (tests) cannot set an environment variable.
     */
    static Path home() {
        String property = System.getProperty("jujube.home");
        if (property != null && !property.isBlank()) {
            return Path.of(property).toAbsolutePath();
        }
        String env = System.getenv("JUJUBE_HOME");
        if (env != null && !env.isBlank()) {
            return Path.of(env).toAbsolutePath();
        }
        return Path.of(System.getProperty("user.home"), ".local", "share", "jujube");
    }

    String name() {
        if (!name.matches("[a-z][a-z0-9-]{0,62}")) {
            throw new CliException("environment name '" + name + "' must be lower-case letters, digits and '-'");
        }
        return name;
    }

    Path dir() {
        return home().resolve("environments").resolve(name());
    }

    /** Fails with one clear line when {@code $JUJUBE_HOME} cannot be written. */
    static void checkWritable(Path home) {
        try {
            Files.createDirectories(home);
            Path probe = Files.createTempFile(home, ".probe", "");
            Files.delete(probe);
        } catch (IOException | SecurityException e) {
            throw new CliException("JUJUBE_HOME " + home + " is not writable (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        }
    }
}
