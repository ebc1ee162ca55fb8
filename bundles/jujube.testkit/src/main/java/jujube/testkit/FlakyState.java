package jujube.testkit;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicInteger;
import jujube.state.NotConnectedException;
import jujube.state.StateConnection;

/**
 * A state connection whose first calls of one method fail as a ZooKeeper hiccup would, then work: for
 * proving that an agent retries a failed start instead of staying dead. Every other call goes to the
 * real connection.
 */
public final class FlakyState {
    private final StateConnection connection;
    private final AtomicInteger failures = new AtomicInteger();

    /** Fails the first {@code times} calls of {@code method} of {@code real} with a {@link NotConnectedException}. */
    public FlakyState(StateConnection real, String method, int times) {
        this.connection = (StateConnection) Proxy.newProxyInstance(StateConnection.class.getClassLoader(),
                new Class<?>[] {StateConnection.class}, (proxy, called, args) -> {
                    if (called.getName().equals(method) && failures.get() < times) {
                        throw new NotConnectedException("injected failure " + failures.incrementAndGet() + " of " + method);
                    }
                    try {
                        return called.invoke(real, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    public StateConnection connection() {
        return connection;
    }

    /** How many calls failed so far. */
    public int failures() {
        return failures.get();
    }
}
