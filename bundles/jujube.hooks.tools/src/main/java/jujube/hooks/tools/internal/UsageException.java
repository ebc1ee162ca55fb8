package jujube.hooks.tools.internal;

/** A command line the tool cannot accept: exit 2 with the usage line and this message. */
final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message);
    }
}
