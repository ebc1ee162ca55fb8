package jujube.charm;

/** A charm URL that does not parse or names an invalid series, user, name or revision. */
public final class InvalidCharmUrlException extends CharmException {
    private static final long serialVersionUID = 1L;

    /** @param url the text as given @param problem what is wrong with it */
    public InvalidCharmUrlException(String url, String problem) {
        super("invalid charm URL \"" + url + "\": " + problem);
    }
}
