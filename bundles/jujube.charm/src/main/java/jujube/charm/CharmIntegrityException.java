package jujube.charm;

/** A stored charm whose content no longer has the sha256 it was published with. */
public final class CharmIntegrityException extends CharmStorageException {
    private static final long serialVersionUID = 1L;

    /** @param key the stored charm's key @param expected the published sha256 @param actual what the content hashes to */
    public CharmIntegrityException(String key, Sha256 expected, Sha256 actual) {
        super("stored charm " + key + ": sha256 mismatch, expected " + expected + " but content has " + actual);
    }
}
