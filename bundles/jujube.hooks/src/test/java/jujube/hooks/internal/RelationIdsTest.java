package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import jujube.hooks.RelationIds;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import org.junit.jupiter.api.Test;

class RelationIdsTest {
    private final RelationInfo relation = new RelationInfo("relation-0000000003", "mysql", RelationScope.GLOBAL, List.of(
            new RelationEndpoint("wordpress", "db", RelationRole.CLIENT),
            new RelationEndpoint("mysql", "server", RelationRole.SERVER)));

    @Test
    void each_side_names_the_relation_after_its_own_endpoint_with_the_same_number() {
        assertEquals("db:3", RelationIds.hookId(relation, "wordpress"));
        assertEquals("server:3", RelationIds.hookId(relation, "mysql"));
        assertEquals("relation-0000000003", RelationIds.stateId("db:3"));
        assertEquals("relation-0000000003", RelationIds.stateId("server:3"));
        assertEquals("relation-1234567890", RelationIds.stateId("db:1234567890"));
        assertEquals("relation-0000000012", RelationIds.stateId("db:0012"));
        assertEquals(3, RelationIds.sequence("relation-0000000003"));
        assertEquals("db", RelationIds.relationName("db:3"));
    }

    @Test
    void malformed_ids_and_strangers_are_refused() {
        assertThrows(IllegalArgumentException.class, () -> RelationIds.hookId(relation, "memcached"));
        assertThrows(IllegalArgumentException.class, () -> RelationIds.stateId("db"));
        assertThrows(IllegalArgumentException.class, () -> RelationIds.stateId("db:x"));
        assertThrows(IllegalArgumentException.class, () -> RelationIds.sequence("service-0000000003"));
    }
}
