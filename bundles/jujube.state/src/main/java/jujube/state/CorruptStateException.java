package jujube.state;

import jujube.model.StateException;

/** A node whose content this code cannot read: names the node and what is wrong with it. */
public class CorruptStateException extends StateException {
    private static final long serialVersionUID = 1L;

    public CorruptStateException(String path, String problem) {
        super("node " + path + ": " + problem);
    }

    public CorruptStateException(String path, String problem, Throwable cause) {
        super("node " + path + ": " + problem, cause);
    }
}
