package jujube.charm;

/** The environment's charm storage could not store or hand out a charm; the message names the charm key. */
public sealed class CharmStorageException extends CharmException permits CharmIntegrityException {
    private static final long serialVersionUID = 1L;

    public CharmStorageException(String message) {
        super(message);
    }

    public CharmStorageException(String message, Throwable cause) {
        super(message, cause);
    }
}
