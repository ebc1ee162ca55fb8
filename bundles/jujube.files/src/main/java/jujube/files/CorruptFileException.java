package jujube.files;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A file an agent keeps cannot be used as it is: larger than its owner ever writes, unreadable, or
 * not in its format. The message is one line naming the file and the problem; {@link #problem()} is the
 * problem alone, for a status that names the file its own way.
 *
 * @since 1.4
 */
public class CorruptFileException extends IOException {
    private static final long serialVersionUID = 1L;
    private final transient Path file;
    private final String problem;

    public CorruptFileException(Path file, String problem) {
        this(file, problem, null);
    }

    public CorruptFileException(Path file, String problem, Throwable cause) {
        super(file + ": " + problem, cause);
        this.file = Objects.requireNonNull(file, "file");
        this.problem = Objects.requireNonNull(problem, "problem");
    }

    /** The file as its reader named it. */
    public Path file() {
        return file;
    }

    /** What is wrong with it, one line. */
    public String problem() {
        return problem;
    }
}
