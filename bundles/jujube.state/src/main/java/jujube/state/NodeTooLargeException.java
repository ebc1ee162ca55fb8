package jujube.state;

import jujube.model.StateException;

/**
 * A write refused before it reached ZooKeeper because the node's content would pass the limit of what
 * one node may hold. ZooKeeper itself refuses a request over its packet limit (1 MiB by default) by
 * closing the client's connection, which every agent of that process shares: checked here first, a
 * too-large write fails alone, with its cause named, and nothing else notices.
 */
public class NodeTooLargeException extends StateException {
    private static final long serialVersionUID = 1L;

    /** The most bytes one node's content may have: ZooKeeper's default packet limit less room for the request around it. */
    public static final int LIMIT_BYTES = 1_000_000;

    public NodeTooLargeException(String path, long bytes) {
        super("node " + path + ": " + bytes + " bytes of content, over the limit of " + LIMIT_BYTES + " bytes a node may hold");
    }
}
