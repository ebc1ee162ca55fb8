package jujube.state;

import jujube.model.StateException;

/**
 * A change refused before it reached ZooKeeper because the one request that makes it (every node it
 * creates and the topology it rewrites) would pass ZooKeeper's packet limit, which the server enforces by
 * closing the connection every agent of the process shares. Nothing of the change is written.
 *
 * @since 3.1
 */
public class TransactionTooLargeException extends StateException {
    private static final long serialVersionUID = 1L;

    /** The most bytes one transaction's request may have: ZooKeeper's default packet limit (1 MiB) less room for framing. */
    public static final int LIMIT_BYTES = 1_040_000;

    public TransactionTooLargeException(String what, long bytes) {
        super(what + ": one transaction of " + bytes + " bytes, over the limit of " + LIMIT_BYTES
                + " bytes a ZooKeeper request may carry; nothing was written");
    }
}
