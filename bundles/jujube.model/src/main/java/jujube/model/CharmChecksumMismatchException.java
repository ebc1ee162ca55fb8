package jujube.model;

/** The same charm id was published with a different sha256. */
public class CharmChecksumMismatchException extends StateException {
    private static final long serialVersionUID = 1L;

    public CharmChecksumMismatchException(String charmId, String stored, String offered) {
        super("concurrent upload of charm has different checksum: " + charmId + " is stored with sha256 " + stored + ", offered " + offered);
    }
}
