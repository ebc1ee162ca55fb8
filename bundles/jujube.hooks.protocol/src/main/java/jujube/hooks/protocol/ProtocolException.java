package jujube.hooks.protocol;

/**
 * An expected failure of a request, answered as {@code {id, error: {code, message}}}. Command handlers
 * throw it; {@link HookSocketClient} throws it when the agent answers with an error.
 */
public class ProtocolException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient ProtocolError error;

    public ProtocolException(ErrorCode code, String message) {
        super(code.wireName() + ": " + message);
        this.error = new ProtocolError(code, message);
    }

    public ProtocolException(ProtocolError error) {
        this(error.code(), error.message());
    }

    /** The code and message as they go on the wire. */
    public ProtocolError error() {
        return error;
    }

    public ErrorCode code() {
        return error.code();
    }
}
