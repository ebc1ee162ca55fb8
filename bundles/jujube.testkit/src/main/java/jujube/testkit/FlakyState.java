package jujube.testkit;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import jujube.state.MachineHandle;
import jujube.state.NotConnectedException;
import jujube.state.ProvisioningView;
import jujube.state.StateConnection;
import jujube.state.UnitHandle;

/**
 * A state connection whose first calls of one method fail as a ZooKeeper hiccup would, then work: for
 * proving that an agent retries a failed start instead of staying dead. Every other call goes to the
 * real connection.
 */
public final class FlakyState {
    private static final Set<Class<?>> VIEWS = Set.of(UnitHandle.class, MachineHandle.class, ProvisioningView.class);
    private final StateConnection connection;
    private final AtomicInteger failures = new AtomicInteger();

    /**
     * Fails the first {@code times} calls of {@code method} of {@code real}, or of a view it hands out (a
     * unit's or a machine's handle, the provisioner's view), with a {@link NotConnectedException}.
     */
    public FlakyState(StateConnection real, String method, int times) {
        this.connection = flaky(StateConnection.class, real, method, times);
    }

    private <T> T flaky(Class<T> type, T real, String method, int times) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, called, args) -> {
            if (called.getName().equals(method) && failures.get() < times) {
                throw new NotConnectedException("injected failure " + failures.incrementAndGet() + " of " + method);
            }
            Object result;
            try {
                result = called.invoke(real, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
            return VIEWS.contains(called.getReturnType()) ? view(called.getReturnType(), result, method, times) : result;
        }));
    }

    @SuppressWarnings("unchecked")
    private <T> Object view(Class<T> type, Object real, String method, int times) {
        return flaky(type, (T) real, method, times);
    }

    public StateConnection connection() {
        return connection;
    }

    /** How many calls failed so far. */
    public int failures() {
        return failures.get();
    }
}
