package jujube.model;

/** Service names are unique in an environment. */
public class DuplicateServiceException extends StateException {
    private static final long serialVersionUID = 1L;

    public DuplicateServiceException(String service) {
        super("service '" + service + "' already exists");
    }
}
