package jujube.model;

/** A unit that the topology does not know. */
public class NoSuchUnitException extends StateException {
    private static final long serialVersionUID = 1L;

    public NoSuchUnitException(String unit) {
        super("unit " + unit + " does not exist");
    }
}
