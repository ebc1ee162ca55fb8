package jujube.state.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import jujube.state.StateConnection;
import org.junit.jupiter.api.Test;

/**
 * The framework's connection forwards to a {@link CuratorStateConnection}: an interface method with a
 * default implementation that the component does not forward runs the default there, not the
 * connection's own (for {@code overview()}, part by part instead of one batched read).
 */
class StateConnectionComponentTest {
    /** Defaults that are right for the component as they are. */
    private static final Set<String> DEFAULTS_KEPT = Set.of(
            "awaitEnvironment", // composed of the methods the component forwards
            "closeBeforeExit"); // the framework owns the connection: close() does nothing, and so does this

    @Test
    void every_default_method_is_forwarded_or_deliberately_kept() {
        Set<String> notForwarded = new TreeSet<>();
        for (Method m : StateConnection.class.getMethods()) {
            if (m.isDefault() && !DEFAULTS_KEPT.contains(m.getName()) && !declares(m)) {
                notForwarded.add(m.getName());
            }
        }
        assertEquals(Set.of(), notForwarded);
    }

    private static boolean declares(Method m) {
        return Arrays.stream(StateConnectionComponent.class.getDeclaredMethods())
                .anyMatch(d -> d.getName().equals(m.getName()) && Arrays.equals(d.getParameterTypes(), m.getParameterTypes()));
    }
}
