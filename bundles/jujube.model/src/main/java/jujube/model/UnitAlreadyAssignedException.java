package jujube.model;

/** A unit is assigned to at most one machine. */
public class UnitAlreadyAssignedException extends StateException {
    private static final long serialVersionUID = 1L;

    public UnitAlreadyAssignedException(UnitName unit, int machineId) {
        super("unit " + unit + " is already assigned to machine " + machineId);
    }
}
