package jujube.agent.provisioning;

/** A provider could not do what it was asked; the message names the machine or instance. */
public class ProviderException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ProviderException(String message) {
        super(message);
    }

    public ProviderException(String message, Throwable cause) {
        super(message, cause);
    }
}
