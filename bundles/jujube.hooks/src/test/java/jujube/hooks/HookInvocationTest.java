package jujube.hooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The invocation's own rules: hook names stay inside hooks/, relation ids are name:N. */
class HookInvocationTest {
    private static final Path CHARM = Path.of("/var/lib/juju/units/wordpress-0/charm");

    @Test
    void hook_names_cannot_leave_the_hooks_directory() {
        for (String name : List.of("", "..", ".", "../install", "sub/install")) {
            assertThrows(IllegalArgumentException.class, () -> invocation(name), name);
        }
        assertEquals(CHARM.resolve("hooks/db-relation-changed"), invocation("db-relation-changed").hookPath());
    }

    @Test
    void relation_ids_are_name_colon_number() {
        assertThrows(IllegalArgumentException.class, () -> new RelationHookInfo("db", "db", "mysql/0", List.of()));
        assertThrows(IllegalArgumentException.class, () -> new RelationHookInfo("db", "db:x", "mysql/0", List.of()));
        assertEquals("", new RelationHookInfo("db", "db:0", null, List.of()).remoteUnitOrEmpty());
    }

    @Test
    void withers_keep_everything_else() {
        HookInvocation base = invocation("install");
        HookInvocation changed = base.withTimeout(Duration.ofSeconds(5))
                .withRelation(new RelationHookInfo("db", "db:1", "mysql/0", List.of("mysql/0")));
        assertEquals(Optional.of(Duration.ofSeconds(5)), changed.timeout());
        assertEquals(base.clientId(), changed.clientId());
        assertEquals("db:1", changed.relation().orElseThrow().relationId());
        assertThrows(IllegalArgumentException.class, () -> base.withTimeout(Duration.ofSeconds(-1)));
    }

    private static HookInvocation invocation(String hook) {
        return HookInvocation.of("wordpress/0", "wordpress", "local:precise/wordpress-3", CHARM, hook,
                CHARM.resolveSibling("agent.socket"), "c1", Path.of("/var/lib/juju/tools"));
    }
}
