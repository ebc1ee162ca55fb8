package jujube.hooks.protocol;

import java.util.Objects;

/** The {@code error} member of an answer: a code and a one-line message meant for a person. */
public record ProtocolError(ErrorCode code, String message) {
    public ProtocolError {
        Objects.requireNonNull(code, "code");
        message = message == null ? "" : message;
    }
}
