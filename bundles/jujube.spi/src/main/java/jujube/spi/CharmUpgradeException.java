package jujube.spi;

/** A charm upgrade that could not be done; the unit keeps its old charm. */
public class CharmUpgradeException extends Exception {
    private static final long serialVersionUID = 1L;

    public CharmUpgradeException(String message, Throwable cause) {
        super(message, cause);
    }

    public CharmUpgradeException(String message) {
        super(message);
    }
}
