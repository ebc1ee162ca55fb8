package jujube.workflow;

import java.nio.file.Path;

/** A persisted workflow or queue file cannot be used; the message names the file and the problem. */
public class CorruptStateFileException extends WorkflowException {
    private static final long serialVersionUID = 1L;
    private final transient Path file;
    private final String problem;

    public CorruptStateFileException(Path file, String problem) {
        this(file, problem, null);
    }

    public CorruptStateFileException(Path file, String problem, Throwable cause) {
        super(file + ": " + problem, cause);
        this.file = file;
        this.problem = problem;
    }

    public Path file() {
        return file;
    }

    public String problem() {
        return problem;
    }
}
