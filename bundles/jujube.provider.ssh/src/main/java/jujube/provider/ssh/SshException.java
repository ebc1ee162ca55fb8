package jujube.provider.ssh;

/** What could not be done on a host, in one line that names the host and the reason. */
public final class SshException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SshException(String message) {
        super(message);
    }

    public SshException(String message, Throwable cause) {
        super(message, cause);
    }
}
