package jujube.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import org.junit.jupiter.api.Test;

/** add-relation and remove-relation: endpoint matching and its errors. */
class RelationCommandsTest extends CliFixture {
    @Test
    void relates_over_the_one_matching_interface() {
        deploy("local:wordpress", "blog").assertOk();
        deploy("local:mysql").assertOk();
        assertEquals("Added mysql relation to all service units.\n", run("add-relation", "blog", "mysql").assertOk().out());
        RelationInfo r = state.relations().list().get(0);
        assertEquals("mysql", r.interfaceName());
        assertEquals(RelationScope.GLOBAL, r.scope());
        assertEquals(List.of(new RelationEndpoint("blog", "db", RelationRole.CLIENT),
                new RelationEndpoint("mysql", "db", RelationRole.SERVER)), r.endpoints());
    }

    @Test
    void a_subordinate_relates_over_the_implicit_juju_info_with_container_scope() {
        deploy("local:wordpress", "blog").assertOk();
        deploy("local:logging").assertOk();
        run("add-relation", "logging", "blog").assertOk();
        RelationInfo r = state.relations().list().get(0);
        assertEquals("juju-info", r.interfaceName());
        assertEquals(RelationScope.CONTAINER, r.scope());
        assertEquals(List.of(new RelationEndpoint("blog", "juju-info", RelationRole.SERVER),
                new RelationEndpoint("logging", "juju-info", RelationRole.CLIENT)), r.endpoints());
    }

    @Test
    void refusals_name_the_problem_and_change_nothing() throws Exception {
        deploy("local:wordpress", "blog").assertOk();
        deploy("local:mysql").assertOk();
        deploy("local:mysql", "other").assertOk();
        run("add-relation", "blog:db", "mysql:db").assertOk();
        Map<String, String> before = snapshot();
        assertEquals("jujube: Relation mysql already exists between 'blog' and 'mysql'",
                run("add-relation", "mysql", "blog").assertFailure());
        assertEquals("jujube: No matching endpoints for 'mysql other'", run("add-relation", "mysql", "other").assertFailure());
        assertEquals("jujube: No matching endpoints for 'blog:website mysql'",
                run("add-relation", "blog:website", "mysql").assertFailure());
        assertEquals("jujube: No matching endpoints for 'blog'", run("add-relation", "blog").assertFailure());
        assertEquals("jujube: service 'nosuch' does not exist", run("add-relation", "blog", "nosuch").assertFailure());
        assertEquals("jujube: ':db' is not an endpoint: expected <service>[:<relation>]", run("add-relation", ":db", "blog").assertFailure());
        Result tooMany = run("add-relation", "a", "b", "c");
        assertEquals(2, tooMany.code(), tooMany.err());
        assertEquals("jujube: No relation matches 'blog other'", run("remove-relation", "blog", "other").assertFailure());
        assertEquals(before, snapshot());
    }

    @Test
    void a_relation_past_an_endpoints_declared_limit_is_refused_and_nothing_is_written() throws Exception {
        deploy("local:wordpress", "blog").assertOk(); // requires db with limit: 1
        deploy("local:mysql").assertOk();
        deploy("local:mysql", "other").assertOk();
        run("add-relation", "blog", "mysql").assertOk();
        Map<String, String> before = snapshot();
        String refusal = "jujube: cannot add relation \"other:db blog:db\": establishing a new relation for blog:db would"
                + " exceed its maximum relation limit of 1";
        assertEquals(refusal, run("integrate", "blog", "other").assertFailure());
        assertEquals(refusal, run("add-relation", "other:db", "blog:db").assertFailure());
        assertEquals(before, snapshot());
        run("remove-relation", "blog", "mysql").assertOk();
        run("add-relation", "blog", "other").assertOk(); // the limit counts the relations there are
    }

    @Test
    void an_endpoint_without_a_declared_limit_takes_any_number_of_relations() throws Exception {
        localCharm("client", "requires:\n  db: mysql\n", 1);
        deploy("local:client").assertOk();
        deploy("local:mysql").assertOk();
        deploy("local:mysql", "other").assertOk();
        run("add-relation", "client", "mysql").assertOk();
        run("add-relation", "client", "other").assertOk();
        assertEquals(2, state.relations().ofService("client").size());
    }

    @Test
    void two_candidate_relations_are_ambiguous() throws Exception {
        localCharm("twin", "requires:\n  main: mysql\n  replica: mysql\n", 1);
        deploy("local:twin").assertOk();
        deploy("local:mysql").assertOk();
        Map<String, String> before = snapshot();
        assertEquals("jujube: Ambiguous relation 'twin mysql'; could refer to: 'twin:main mysql:db' (mysql client / mysql server), "
                + "'twin:replica mysql:db' (mysql client / mysql server)", run("add-relation", "twin", "mysql").assertFailure());
        assertEquals(before, snapshot());
        run("add-relation", "twin:main", "mysql").assertOk();
        run("add-relation", "twin:replica", "mysql").assertOk();
        assertEquals("jujube: Ambiguous relation 'mysql twin'; could refer to: 'mysql:db twin:main' (mysql), 'mysql:db twin:replica' (mysql)",
                run("remove-relation", "mysql", "twin").assertFailure());
        assertEquals("Removed mysql relation from all service units.\n", run("remove-relation", "twin:replica", "mysql").assertOk().out());
        assertEquals(List.of("main"), state.relations().list().stream().map(r -> r.endpointOf("twin").orElseThrow().relationName()).toList());
    }

    @Test
    void remove_relation_removes_a_container_relation_of_a_subordinate() throws Exception {
        deploy("local:wordpress", "blog").assertOk();
        deploy("local:mysql").assertOk();
        deploy("local:logging").assertOk();
        run("add-relation", "blog", "mysql").assertOk();
        run("add-relation", "blog", "logging").assertOk();
        run("remove-relation", "mysql", "blog").assertOk();
        assertEquals(List.of("juju-info"), state.relations().list().stream().map(RelationInfo::interfaceName).toList());
        // beyond the original: the operator's way to remove the subordinate units (their agents retire them)
        assertEquals("Removed juju-info relation from all service units.\n",
                run("remove-relation", "logging", "blog").assertOk().out());
        assertEquals(List.of(), state.relations().list());
        assertTrue(state.services().get("logging").units().isEmpty());
    }

    @Test
    void peer_relations_come_with_deploy() throws Exception {
        localCharm("riak", "peers:\n  ring: riak\n", 7);
        deploy("local:riak").assertOk();
        RelationInfo r = state.relations().list().get(0);
        assertEquals(List.of(new RelationEndpoint("riak", "ring", RelationRole.PEER)), r.endpoints());
        assertTrue(run("add-relation", "riak").assertFailure().contains("Relation riak already exists"));
        run("remove-relation", "riak").assertOk();
        run("add-relation", "riak:ring").assertOk();
    }

    /** Writes charm {@code name} into the test repository's precise series, its endpoints in {@code relations}. */
    private void localCharm(String name, String relations, int revision) throws java.io.IOException {
        Path charm = repository.resolve("precise/" + name);
        Files.createDirectories(charm);
        Files.writeString(charm.resolve("metadata.yaml"), "name: " + name + "\nsummary: s\ndescription: d\n" + relations);
        Files.writeString(charm.resolve("revision"), revision + "\n");
    }
}
