package jujube.scope.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ScopeHandlersTest {
    // two principals, wordpress/0 and wordpress/1, each with its logging subordinate
    private final Map<String, String> units = Map.of(
            "wordpress/0", "wordpress/0", "wordpress/1", "wordpress/1",
            "logging/0", "wordpress/0", "logging/1", "wordpress/1");

    @Test
    void container_scope_sees_only_its_own_container() {
        ContainerScopeHandler container = new ContainerScopeHandler();
        assertEquals(Set.of("logging/0"), container.visible("wordpress/0", "wordpress/0", units));
        assertEquals(Set.of("wordpress/1"), container.visible("logging/1", "wordpress/1", units));
        assertEquals(Set.of(), container.visible("wordpress/2", "wordpress/2", units));
    }

    @Test
    void global_scope_sees_everyone_but_itself() {
        assertEquals(Set.of("wordpress/1", "logging/0", "logging/1"),
                new GlobalScopeHandler().visible("wordpress/0", "wordpress/0", units));
    }
}
