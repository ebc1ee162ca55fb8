package jujube.agent.machine;

/** A unit agent's configuration could not be read or written; the message names the unit. */
public final class DeploymentException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public DeploymentException(String message, Throwable cause) {
        super(message, cause);
    }
}
