package jujube.model;

/** A charm id that was never published to the environment. */
public class NoSuchCharmException extends StateException {
    private static final long serialVersionUID = 1L;

    public NoSuchCharmException(String charmId) {
        super("charm " + charmId + " is not published in this environment");
    }
}
