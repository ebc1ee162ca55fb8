package jujube.model;

/** A subordinate unit lives in its principal's container and is never assigned a machine. */
public class SubordinateUnitAssignmentException extends StateException {
    private static final long serialVersionUID = 1L;

    public SubordinateUnitAssignmentException(UnitName unit) {
        super("unit " + unit + " is subordinate: it cannot be assigned a machine");
    }
}
