package jujube.hooks.tools;

import java.util.Objects;
import jujube.hooks.protocol.ErrorCode;

/**
 * An expected failure of a {@link HookToolBackend} operation. The hook tool prints the message on one
 * line and exits 1; the typed protocol commands answer it as {@code {error: {code, message}}}.
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
