package jujube.model;

/** A machine id that the environment does not know. */
public class NoSuchMachineException extends StateException {
    private static final long serialVersionUID = 1L;

    public NoSuchMachineException(int machineId) {
        super("machine " + machineId + " does not exist");
    }
}
