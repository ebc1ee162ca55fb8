package jujube.agent.unit.internal;

import jujube.state.Presence;
import jujube.state.UnitHandle;

/**
 * The presence a part of the unit agent holds while it runs: set once connected, and taken when the part
 * stops, to be withdrawn or handed to the agent's next part. Read from other threads (status, tests).
 */
final class HeldPresence {
    private volatile Presence presence;

    boolean isHeld() {
        return presence != null;
    }

    void hold(Presence connected) {
        presence = connected;
    }

    /** The presence, no longer held here; null when there was none. */
    Presence take() {
        Presence current = presence;
        presence = null;
        return current;
    }

    /** Whether the presence node exists under a live session of {@code state}. */
    boolean isConnected(UnitHandle state) {
        Presence current = presence;
        try {
            return current != null && state.connectionState().isConnected() && current.isPresent();
        } catch (RuntimeException e) {
            return false;
        }
    }
}
