package jujube.state;

import jujube.state.internal.CuratorStateConnection;

/** Opens connections outside a framework: the command line and tests. */
public final class StateConnections {
    private StateConnections() {}

    /** Opens a connection; it connects in the background ({@link StateConnection#awaitConnected}). */
    public static StateConnection open(ConnectionConfig config) {
        return new CuratorStateConnection(config);
    }
}
