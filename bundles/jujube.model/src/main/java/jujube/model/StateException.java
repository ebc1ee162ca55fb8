package jujube.model;

/**
 * A failure reading or changing the environment's state. Subclasses name the expected failures; the
 * message always says which thing and what is wrong.
 */
public class StateException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public StateException(String message) {
        super(message);
    }

    public StateException(String message, Throwable cause) {
        super(message, cause);
    }
}
