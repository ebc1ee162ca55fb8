package jujube.charm;

/**
 * A charm whose content cannot be accepted: unreadable or malformed {@code metadata.yaml},
 * {@code config.yaml} or {@code revision}, or a rule of charms broken. The message reads
 * {@code charm <where>: <file>: <problem>}.
 */
public final class InvalidCharmException extends CharmException {
    private static final long serialVersionUID = 1L;

    /** @param charm where the charm is (a path or another source name) @param problem what is wrong, starting with the file */
    public InvalidCharmException(String charm, String problem) {
        super("charm " + charm + ": " + problem);
    }

    public InvalidCharmException(String charm, String problem, Throwable cause) {
        super("charm " + charm + ": " + problem, cause);
    }
}
