package jujube.model;

/** The same services are already related over the same interface. */
public class DuplicateRelationException extends StateException {
    private static final long serialVersionUID = 1L;

    public DuplicateRelationException(String description) {
        super("relation already exists: " + description);
    }
}
