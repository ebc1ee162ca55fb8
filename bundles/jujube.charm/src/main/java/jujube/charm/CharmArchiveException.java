package jujube.charm;

/**
 * A charm archive (zip) that cannot be built, read or safely extracted: corrupt data, unsupported zip
 * features, or an entry that would land outside the target directory (zip-slip). The message names the
 * archive and the entry.
 */
public final class CharmArchiveException extends CharmException {
    private static final long serialVersionUID = 1L;

    /** @param archive the archive or directory concerned @param problem what is wrong */
    public CharmArchiveException(String archive, String problem) {
        super("charm archive " + archive + ": " + problem);
    }

    public CharmArchiveException(String archive, String problem, Throwable cause) {
        super("charm archive " + archive + ": " + problem, cause);
    }
}
