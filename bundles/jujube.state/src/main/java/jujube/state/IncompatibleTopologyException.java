package jujube.state;

import jujube.model.StateException;

/** The stored topology cannot be used by this code: too new, or no migration leads from it. */
public class IncompatibleTopologyException extends StateException {
    private static final long serialVersionUID = 1L;

    public IncompatibleTopologyException(String message) {
        super(message);
    }
}
