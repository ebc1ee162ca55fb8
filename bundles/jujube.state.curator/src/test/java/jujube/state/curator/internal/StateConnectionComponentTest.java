package jujube.state.curator.internal;

import jujube.state.curator.internal.CuratorStateConnection;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import java.util.Set;
import java.util.TreeSet;
import jujube.state.StateConnection;
import org.junit.jupiter.api.Test;

/**
 * The framework's connection forwards to a {@link CuratorStateConnection}. A default method on the
 * interface would run there as the default, not as the connection's own (for {@code overview()}, part by
 * part instead of one batched read), so the interface has none: each implementation says what it does.
 */
class StateConnectionComponentTest {
    @Test
    void the_interface_has_no_default_method_to_forget() {
        Set<String> defaults = new TreeSet<>();
        for (Method m : StateConnection.class.getMethods()) {
            if (m.isDefault()) {
                defaults.add(m.getName());
            }
        }
        assertEquals(Set.of(), defaults);
    }
}
