package jujube.model;

/** A unit flag (resolved, upgrade, debug hooks) that is already set was set again. */
public class FlagAlreadySetException extends StateException {
    private static final long serialVersionUID = 1L;

    public FlagAlreadySetException(UnitName unit, String flag) {
        super("unit " + unit + " already has " + flag + " set");
    }
}
