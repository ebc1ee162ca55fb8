package jujube.state;

/** The state of the connection to ZooKeeper, as seen by the agents. */
public enum ConnectionState {
    /** First connected. */
    CONNECTED,
    /** The connection dropped; the session may still be alive. Writes wait or fail. */
    SUSPENDED,
    /** The session is gone: ephemeral nodes were removed and must be re-created. */
    LOST,
    /** Connected again after SUSPENDED or LOST. */
    RECONNECTED;

    /** Whether requests can be served in this state. */
    public boolean isConnected() {
        return this == CONNECTED || this == RECONNECTED;
    }
}
