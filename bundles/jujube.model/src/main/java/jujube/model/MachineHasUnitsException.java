package jujube.model;

/** A machine with units assigned cannot be removed. */
public class MachineHasUnitsException extends StateException {
    private static final long serialVersionUID = 1L;

    public MachineHasUnitsException(int machineId, java.util.List<UnitName> units) {
        super("machine " + machineId + " has units " + units + "; remove or unassign them first");
    }
}
