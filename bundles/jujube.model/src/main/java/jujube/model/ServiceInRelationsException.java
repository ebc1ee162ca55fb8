package jujube.model;

/** A service that still takes part in relations cannot be removed. */
public class ServiceInRelationsException extends StateException {
    private static final long serialVersionUID = 1L;

    public ServiceInRelationsException(String service, java.util.List<String> relations) {
        super("service '" + service + "' is in relations " + relations + "; remove them first");
    }
}
