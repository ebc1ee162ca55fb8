package jujube.model;

/** A relation id that the topology does not know. */
public class NoSuchRelationException extends StateException {
    private static final long serialVersionUID = 1L;

    public NoSuchRelationException(String relation) {
        super("relation " + relation + " does not exist");
    }
}
