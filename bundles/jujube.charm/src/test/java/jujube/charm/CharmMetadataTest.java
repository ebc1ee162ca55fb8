package jujube.charm;

import jujube.model.RelationRole;
import jujube.model.RelationScope;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CharmMetadataTest {
    private final CharmReader reader = new CharmReader();

    private CharmMetadata parse(String yaml) {
        return reader.parseMetadata("test-charm", yaml);
    }

    @Test
    void reads_shorthand_and_expanded_endpoints_with_juju_defaults() {
        CharmMetadata metadata = parse("""
                name: blog
                summary: a blog
                description: a longer text
                provides:
                  website: http
                requires:
                  db: mysql
                  cache: {interface: memcache, limit: 3, optional: true}
                peers:
                  ring: {interface: blog-ring, limit: null}
                """);
        assertEquals("blog", metadata.name());
        assertFalse(metadata.subordinate());
        assertEquals(new RelationEndpointSpec("website", "http", RelationRole.SERVER, OptionalInt.empty(), RelationScope.GLOBAL, false),
                metadata.provides().get("website"));
        assertEquals(new RelationEndpointSpec("db", "mysql", RelationRole.CLIENT, OptionalInt.empty(), RelationScope.GLOBAL, false),
                metadata.requires().get("db"));
        assertEquals(new RelationEndpointSpec("cache", "memcache", RelationRole.CLIENT, OptionalInt.of(3), RelationScope.GLOBAL, true),
                metadata.requires().get("cache"));
        assertEquals(OptionalInt.empty(), metadata.peers().get("ring").limit());
        assertEquals(List.of("website", "db", "cache", "ring"), metadata.endpoints().stream().map(RelationEndpointSpec::name).toList());
    }

    @Test
    void implicit_juju_info_comes_last_so_explicit_endpoints_win_matching() {
        CharmMetadata metadata = parse("""
                name: blog
                summary: s
                description: d
                provides:
                  info: {interface: info-like}
                  website: http
                """);
        List<RelationEndpointSpec> endpoints = metadata.endpointsWithImplicit();
        assertEquals(RelationEndpointSpec.jujuInfo(), endpoints.get(endpoints.size() - 1));
        assertEquals(3, endpoints.size());
        assertEquals(RelationEndpointSpec.jujuInfo(), metadata.endpoint("juju-info").orElseThrow());
        assertTrue(metadata.endpoint("nope").isEmpty());
    }

    @Test
    void subordinate_with_container_scoped_requirer_is_accepted() {
        CharmMetadata metadata = parse("""
                name: logging
                summary: s
                description: d
                subordinate: true
                requires:
                  juju-info: {interface: juju-info, scope: container}
                """);
        assertTrue(metadata.subordinate());
        RelationEndpointSpec spec = metadata.requires().get("juju-info");
        assertEquals(RelationScope.CONTAINER, spec.scope());
        assertTrue(spec.canRelateTo(RelationEndpointSpec.jujuInfo()));
    }

    @Test
    void round_trips_through_its_map() {
        CharmMetadata metadata = parse("""
                name: blog
                summary: s
                description: d
                revision: 4
                subordinate: true
                requires:
                  host: {interface: juju-info, scope: container}
                provides: {website: http}
                peers: {ring: ring}
                """);
        assertEquals(metadata, reader.parseMetadata("stored", metadata.toMap()));
    }

    @Test
    void a_declared_limit_of_one_survives_its_map_and_the_originals_filled_in_one_does_not() {
        CharmMetadata declared = parse("""
                name: blog
                summary: s
                description: d
                requires:
                  db: {interface: mysql, limit: 1}
                  cache: {interface: memcache, limit: 3}
                peers: {ring: ring}
                """);
        assertEquals(declared, reader.parseMetadata("stored", declared.toMap()));

        // kept before limits were held: every requires and peers endpoint written out with the limit of 1
        // the original filled in, declared or not
        var kept = new java.util.LinkedHashMap<>(declared.toMap());
        kept.remove("declared-limits");
        kept.put("peers", java.util.Map.of("ring", java.util.Map.of("interface", "ring", "limit", 1,
                "scope", "global", "optional", false)));
        CharmMetadata old = reader.parseMetadata("stored", kept);
        assertEquals(OptionalInt.empty(), old.requires().get("db").limit());
        assertEquals(OptionalInt.empty(), old.peers().get("ring").limit());
        assertEquals(OptionalInt.of(3), old.requires().get("cache").limit(), "a limit the original could not fill in is declared");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            missing name              | 'summary: s\\ndescription: d'                                      | metadata.yaml: name is required
            missing summary           | 'name: a\\ndescription: d'                                         | metadata.yaml: summary is required
            missing description       | 'name: a\\nsummary: s'                                             | metadata.yaml: description is required
            numeric name              | 'name: 123\\nsummary: s\\ndescription: d'                           | metadata.yaml: name must be a string, got the number 123
            bad charm name            | 'name: My_Charm\\nsummary: s\\ndescription: d'                      | metadata.yaml: name "My_Charm" is not a valid charm name
            name ending in number     | 'name: mysql-5\\nsummary: s\\ndescription: d'                       | metadata.yaml: name "mysql-5" is not a valid charm name
            list summary              | 'name: a\\nsummary: [x]\\ndescription: d'                           | metadata.yaml: summary must be a string, got a list
            subordinate text          | 'name: a\\nsummary: s\\ndescription: d\\nsubordinate: yes please'   | metadata.yaml: subordinate must be true or false
            provides list             | 'name: a\\nsummary: s\\ndescription: d\\nprovides: [db]'            | metadata.yaml: provides must be a mapping, got a list
            endpoint number           | 'name: a\\nsummary: s\\ndescription: d\\nrequires: {db: 5}'         | metadata.yaml: requires.db must be an interface name or a mapping
            endpoint no interface     | 'name: a\\nsummary: s\\ndescription: d\\nrequires: {db: {limit: 1}}' | metadata.yaml: requires.db.interface is required
            limit text                | 'name: a\\nsummary: s\\ndescription: d\\nrequires: {db: {interface: m, limit: many}}' | metadata.yaml: requires.db.limit must be a non-negative integer or null, got the string "many"
            negative limit            | 'name: a\\nsummary: s\\ndescription: d\\nrequires: {db: {interface: m, limit: -1}}'   | requires.db.limit must be a non-negative integer
            bad scope                 | 'name: a\\nsummary: s\\ndescription: d\\nrequires: {db: {interface: m, scope: machine}}' | metadata.yaml: requires.db.scope must be global or container, got "machine"
            unknown endpoint key      | 'name: a\\nsummary: s\\ndescription: d\\nrequires: {db: {interface: m, scoep: global}}' | metadata.yaml: requires.db.scoep is not a known key
            bad relation name         | 'name: a\\nsummary: s\\ndescription: d\\nrequires: {"Db!": m}'       | metadata.yaml: requires.Db! is not a valid relation name
            duplicate relation name   | 'name: a\\nsummary: s\\ndescription: d\\nrequires: {db: m}\\nprovides: {db: m}' | metadata.yaml: requires.db duplicates the relation name already declared under provides
            provides juju- name       | 'name: a\\nsummary: s\\ndescription: d\\nprovides: {juju-info: foo}' | metadata.yaml: provides.juju-info uses the reserved juju- prefix
            provides juju- interface  | 'name: a\\nsummary: s\\ndescription: d\\nprovides: {info: juju-info}' | metadata.yaml: provides.info uses the reserved juju- prefix
            subordinate no container  | 'name: a\\nsummary: s\\ndescription: d\\nsubordinate: true\\nrequires: {db: m}' | metadata.yaml: subordinate is true but the charm has no requires relation with scope: container
            top-level list            | '- name: a'                                                       | metadata.yaml: must be a mapping at the top level, got a list
            top-level scalar          | 'just some words'                                                 | metadata.yaml: must be a mapping at the top level, got the string
            empty file                | ''                                                                | metadata.yaml: is empty
            broken yaml               | 'name: [unclosed'                                                 | metadata.yaml is not valid YAML
            mapping as a key          | '{{{ :'                                                           | metadata.yaml is not valid YAML: line 1, column 3: Expected a field name (Scalar value in YAML), got this instead: a mapping
            duplicate key             | 'name: a\\nname: b\\nsummary: s\\ndescription: d'                    | metadata.yaml is not valid YAML: line 2, column 5: Duplicate field 'name'
            negative legacy revision  | 'name: a\\nsummary: s\\ndescription: d\\nrevision: -3'               | metadata.yaml: revision must be a non-negative integer, got the number -3
            """)
    void rejectsMalformedMetadataNamingTheFileAndTheProblem(String label, String yaml, String expected) {
        InvalidCharmException e = assertThrows(InvalidCharmException.class, () -> parse(yaml.replace("\\n", "\n")));
        assertTrue(e.getMessage().startsWith("charm test-charm: "), e.getMessage());
        assertTrue(e.getMessage().contains(expected), () -> "expected \"" + expected + "\" in: " + e.getMessage());
    }
}
