package jujube.state.curator.internal;

import java.time.Duration;
import java.util.function.Consumer;
import jujube.state.EnvironmentNotInitializedException;
import jujube.state.NotConnectedException;
import jujube.state.StateConnection;

/** {@link StateConnection#awaitEnvironment}, composed of a connection's own waits. */
final class EnvironmentWait {
    private EnvironmentWait() {
    }

    static boolean await(StateConnection connection, Duration period, Consumer<String> stillWaiting) {
        while (!Thread.currentThread().isInterrupted()) {
            try {
                connection.awaitConnected(period);
                connection.awaitInitialized(period);
                return true;
            } catch (NotConnectedException | EnvironmentNotInitializedException e) {
                if (!Thread.currentThread().isInterrupted()) {
                    stillWaiting.accept(e.getMessage());
                }
            }
        }
        return false;
    }
}
