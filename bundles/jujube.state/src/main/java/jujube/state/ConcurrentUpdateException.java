package jujube.state;

import jujube.model.StateException;

/** A compare-and-set kept losing to other writers for all its attempts. */
public class ConcurrentUpdateException extends StateException {
    private static final long serialVersionUID = 1L;

    public ConcurrentUpdateException(String path, int attempts) {
        super("node " + path + " changed under every one of " + attempts + " update attempts");
    }
}
