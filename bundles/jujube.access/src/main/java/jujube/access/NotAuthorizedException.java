package jujube.access;

import jujube.model.StateException;

/**
 * ZooKeeper refused a request to this connection's credentials (its {@code NoAuth}): the node is not theirs
 * to read or change, or the credentials are no environment's principal's (revoked, or another
 * environment's).
 */
public class NotAuthorizedException extends StateException {
    private static final long serialVersionUID = 1L;
    private final String path;

    public NotAuthorizedException(String path, Throwable cause) {
        super("not authorized: ZooKeeper refuses this connection's credentials on " + path, cause);
        this.path = path;
    }

    /** The node refused. */
    public String path() {
        return path;
    }
}
