package jujube.model;

/** A subordinate unit lives in its principal's container, which needs a container-scoped relation between their services. */
public class SubordinateWithoutContainerRelationException extends StateException {
    private static final long serialVersionUID = 1L;

    public SubordinateWithoutContainerRelationException(String service, String principalService) {
        super("service '" + service + "' has no container-scoped relation with '" + principalService + "'");
    }
}
