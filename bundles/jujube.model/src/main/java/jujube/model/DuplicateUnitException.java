package jujube.model;

/** A unit belongs to exactly one service. */
public class DuplicateUnitException extends StateException {
    private static final long serialVersionUID = 1L;

    public DuplicateUnitException(String unitId, String service) {
        super("unit " + unitId + " already belongs to service '" + service + "'");
    }
}
