package jujube.state;

import jujube.model.StateException;

/** ZooKeeper could not be reached in time. */
public class NotConnectedException extends StateException {
    private static final long serialVersionUID = 1L;

    public NotConnectedException(String message) {
        super(message);
    }
}
