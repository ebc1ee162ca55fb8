package jujube.model;

/** A service name or id that the topology does not know. */
public class NoSuchServiceException extends StateException {
    private static final long serialVersionUID = 1L;

    public NoSuchServiceException(String service) {
        super("service '" + service + "' does not exist");
    }
}
