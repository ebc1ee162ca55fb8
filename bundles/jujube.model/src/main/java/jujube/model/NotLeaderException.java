package jujube.model;

/** A write only the leader of a service may make, tried by a unit that does not lead it at that instant. */
public class NotLeaderException extends StateException {
    private static final long serialVersionUID = 1L;

    public NotLeaderException(String unit) {
        super(unit + " is not the leader");
    }
}
