package jujube.state.migration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import jujube.state.CorruptStateException;
import org.junit.jupiter.api.Test;

class RelationScopeMigrationTest {
    private final RelationScopeMigration step = new RelationScopeMigration();

    private static Map<String, Object> v1() {
        return Map.of("version", 1,
                "machines", Map.of("machine-0000000000", Map.of()),
                "relations", Map.of("relation-0000000001", List.of("mysql",
                        Map.of("service-0000000000", Map.of("name", "db", "role", "client"),
                                "service-0000000001", Map.of("name", "server", "role", "server")))));
    }

    @Test
    void a_v1_relation_becomes_a_global_v2_relation_and_nothing_else_changes() {
        Map<String, Object> v2 = step.migrate(v1());
        assertEquals(2, v2.get("version"));
        assertEquals(v1().get("machines"), v2.get("machines"));
        assertEquals(Map.of("relation-0000000001", Map.of("interface", "mysql", "scope", "global",
                "services", Map.of("service-0000000000", Map.of("name", "db", "role", "client"),
                        "service-0000000001", Map.of("name", "server", "role", "server")))), v2.get("relations"));
    }

    @Test
    void migrating_twice_gives_the_same_result() {
        Map<String, Object> once = step.migrate(v1());
        assertEquals(once, step.migrate(once));
    }

    @Test
    void a_malformed_relation_is_named() {
        CorruptStateException e = assertThrows(CorruptStateException.class,
                () -> step.migrate(Map.of("version", 1, "relations", Map.of("relation-7", List.of("only-one")))));
        assertTrue(e.getMessage().startsWith("node /topology: 'relations.relation-7'"), e.getMessage());
    }
}
