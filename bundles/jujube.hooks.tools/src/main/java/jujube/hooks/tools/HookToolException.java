package jujube.hooks.tools;

import java.util.Objects;
import jujube.hooks.protocol.ErrorCode;

/**
 * An expected failure of a {@link HookToolBackend} operation, with the code that names its kind. The
 * hook tool prints the message on one line and exits 1.
 */
public class HookToolException extends Exception {
    private static final long serialVersionUID = 1L;

    private final ErrorCode code;

    public HookToolException(ErrorCode code, String message) {
        super(message);
        this.code = Objects.requireNonNull(code, "code");
    }

    public ErrorCode code() {
        return code;
    }
}
