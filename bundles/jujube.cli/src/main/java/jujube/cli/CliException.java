package jujube.cli;

/** A failure the operator caused or can fix: printed as one line, exit code 1. */
public class CliException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CliException(String message) {
        super(message);
    }

    public CliException(String message, Throwable cause) {
        super(message, cause);
    }
}
