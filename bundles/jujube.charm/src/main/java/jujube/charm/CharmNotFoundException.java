package jujube.charm;

/** No charm matches what was asked for: the message names the URL and where it was looked for. */
public final class CharmNotFoundException extends CharmException {
    private static final long serialVersionUID = 1L;

    public CharmNotFoundException(String message) {
        super(message);
    }
}
