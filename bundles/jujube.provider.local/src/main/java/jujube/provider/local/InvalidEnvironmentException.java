package jujube.provider.local;

import java.nio.file.Path;

/**
 * An {@code environment.yaml} whose content is not a valid {@link EnvironmentDefinition}: not a map of
 * settings, or a setting of the wrong type or breaking a rule. Its message is one line that names the file,
 * the key and the value.
 *
 * @since 3.1
 */
public final class InvalidEnvironmentException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient Path file;

    public InvalidEnvironmentException(Path file, String problem) {
        super(file + (problem.startsWith("'") ? ": " : " ") + problem);
        this.file = file;
    }

    /** The file refused. */
    public Path file() {
        return file;
    }
}
