package jujube.charm;

import jujube.model.RelationRole;
import jujube.model.RelationScope;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CharmReaderTest {
    static final Path EXAMPLES = Path.of("../../examples/charms/precise");
    static final Path BROKEN = Path.of("src/test/resources/repository/precise");

    private final CharmReader reader = new CharmReader();

    @TempDir
    Path temp;

    @Test
    void reads_the_example_charms() {
        Charm mysql = reader.read(EXAMPLES.resolve("mysql"));
        assertEquals("mysql", mysql.name());
        assertEquals("mysql", mysql.metadata().provides().get("db").interfaceName());
        assertEquals(new CharmDirectory(EXAMPLES.resolve("mysql")), mysql.source());

        Charm wordpress = reader.read(EXAMPLES.resolve("wordpress"));
        assertEquals(RelationRole.CLIENT, wordpress.metadata().requires().get("db").role());
        assertEquals(Map.of("title", "Jujube blog", "port", 8080L, "ratio", 0.5, "debug", false), wordpress.config().defaults());
        assertEquals(List.of(ConfigType.STRING, ConfigType.INT, ConfigType.FLOAT, ConfigType.BOOLEAN),
                wordpress.config().options().values().stream().map(ConfigOption::type).toList());

        Charm logging = reader.read(EXAMPLES.resolve("logging"));
        assertTrue(logging.metadata().subordinate());
        assertEquals(RelationScope.CONTAINER, logging.metadata().requires().get("juju-info").scope());
        assertEquals("local:precise/logging-1", logging.localUrl("precise").toString());
    }

    @Test
    void reads_the_same_charm_from_its_archive() {
        Charm directory = reader.read(EXAMPLES.resolve("wordpress"));
        Path zip = CharmArchives.build(EXAMPLES.resolve("wordpress"), temp.resolve("wordpress.charm")).path();
        Charm archived = reader.read(zip);
        assertEquals(new CharmArchive(zip), archived.source());
        assertEquals(directory.metadata(), archived.metadata());
        assertEquals(directory.config(), archived.config());
        assertEquals(directory.revision(), archived.revision());
    }

    @Test
    void prefers_the_revision_file_over_the_legacy_key_and_falls_back_to_it() throws IOException {
        assertEquals(OptionalInt.of(7), reader.read(BROKEN.resolve("legacy-revision")).revision());
        Path copy = Files.createDirectories(temp.resolve("legacy"));
        Files.copy(BROKEN.resolve("legacy-revision/metadata.yaml"), copy.resolve("metadata.yaml"));
        Files.writeString(copy.resolve("revision"), " 12 \n");
        assertEquals(OptionalInt.of(12), reader.read(copy).revision());
    }

    @Test
    void reports_each_broken_charm_with_its_file_and_problem() throws IOException {
        assertProblem("broken-yaml", "metadata.yaml is not valid YAML: line 2, column 8: expected ',' or ']', but got : (parsing a flow sequence from line 1, column 7)");
        assertProblem("broken-no-summary", "metadata.yaml: summary is required");
        assertProblem("broken-subordinate", "metadata.yaml: subordinate is true but the charm has no requires relation with scope: container");
        assertProblem("broken-revision", "revision must hold a non-negative integer, got \"two\"");
        assertProblem("broken-provides-juju", "metadata.yaml: provides.juju-info uses the reserved juju- prefix");
        assertProblem("broken-config", "config.yaml: options.port.default the string \"eighty\" is not an int");
        assertProblem("garbage.charm", "not a zip file");

        Path noMetadata = Files.createDirectories(temp.resolve("empty"));
        assertTrue(assertThrows(InvalidCharmException.class, () -> reader.read(noMetadata)).getMessage()
                .contains("metadata.yaml is missing"));
        Path noRevision = Files.createDirectories(temp.resolve("norev"));
        Files.writeString(noRevision.resolve("metadata.yaml"), "name: a\nsummary: s\ndescription: d\n");
        Files.write(noRevision.resolve("revision"), new byte[] {(byte) 0xff, (byte) 0xfe});
        assertTrue(assertThrows(InvalidCharmException.class, () -> reader.read(noRevision)).getMessage()
                .contains("revision is not UTF-8 text"));
        assertInstanceOf(CharmNotFoundException.class, assertThrows(CharmException.class, () -> reader.read(temp.resolve("absent"))));
    }

    @Test
    void a_charm_of_today_has_its_metadata_and_options_in_charmcraft_yaml_and_no_revision() throws IOException {
        Path charm = Files.createDirectories(temp.resolve("today"));
        Files.writeString(charm.resolve("charmcraft.yaml"), """
                type: charm
                name: today
                title: A charm of today
                summary: s
                description: d
                assumes: [juju >= 3.1]
                bases: [{build-on: [{name: ubuntu, channel: "22.04"}], run-on: [{name: ubuntu, channel: "22.04"}]}]
                parts: {charm: {plugin: charm}}
                peers: {replicas: {interface: today-peers}}
                requires: {db: {interface: mysql, limit: 1, optional: true}}
                config:
                  options:
                    greeting: {type: string, default: hello, description: what to say}
                actions: {backup: {description: back up}}
                storage: {data: {type: filesystem}}
                colour: blue
                """);

        Charm read = reader.read(charm);

        assertEquals("today", read.name());
        assertEquals(OptionalInt.empty(), read.revision());
        assertEquals(Map.of("greeting", "hello"), read.config().defaults());
        assertEquals(RelationRole.PEER, read.metadata().peers().get("replicas").role());
        assertTrue(read.metadata().requires().get("db").optional());
        assertEquals(List.of("assumes", "bases", "parts", "storage", "colour (unknown)"), read.ignoredKeys());
        assertEquals("back up", read.actions().get("backup").orElseThrow().description());
        assertEquals("local:jammy/today-4", read.localUrl("jammy", 4).toString());
        assertThrows(IllegalStateException.class, () -> read.localUrl("jammy"));
    }

    @Test
    void actions_yaml_gives_each_action_a_json_schema_of_its_parameters_and_reads_back_from_its_map() throws IOException {
        Path charm = Files.createDirectories(temp.resolve("acting"));
        Files.writeString(charm.resolve("charmcraft.yaml"), "name: acting\nsummary: s\ndescription: d\n"
                + "actions: {ignored: {description: actions.yaml comes first}}\n");
        Files.writeString(charm.resolve("actions.yaml"), """
                backup:
                  description: Back the database up.
                  params:
                    target: {type: string, description: where}
                    compress: {type: boolean, default: true}
                  required: [target]
                  additionalProperties: false
                  execution-group: db
                  parallel: true
                noop:
                """);

        Charm read = reader.read(charm);

        ActionSpec backup = read.actions().get("backup").orElseThrow();
        assertEquals(List.of("backup", "noop"), List.copyOf(read.actions().actions().keySet()));
        assertEquals(Map.of("type", "object", "title", "backup", "description", "Back the database up.",
                "properties", Map.of("target", Map.of("type", "string", "description", "where"),
                        "compress", Map.of("type", "boolean", "default", true)),
                "required", List.of("target"), "additionalProperties", false), backup.schema());
        assertTrue(backup.parallel());
        assertEquals("db", backup.executionGroup());
        ActionSpec noop = read.actions().get("noop").orElseThrow();
        assertTrue(noop.additionalProperties(), "undeclared parameters are accepted unless the action says not");
        assertEquals(read.actions(), reader.parseActions("acting", read.actions().toMap()));
    }

    @Test
    void refuses_bad_action_names_and_references_in_their_schemas() throws IOException {
        String[][] cases = {
                {"Backup: {}", "actions.yaml: Backup is not a valid action name (lower-case letters, digits and '-')"},
                {"juju-run: {}", "actions.yaml: juju-run uses the prefix juju-, which is juju's own"},
                {"a: {params: {x: {$ref: 'http://example.com/s.json'}}}",
                        "actions.yaml: a.params.x.$ref is not supported in an action's parameters (no $-keywords: $ref, $schema, $id ...)"},
                {"a: {params: [x]}", "actions.yaml: a.params must be a mapping, got a list"},
                {"a: {required: x}", "actions.yaml: a.required must be a list of parameter names, got the string \"x\""},
                {"a: {additionalProperties: maybe}", "actions.yaml: a.additionalProperties must be true or false, got the string \"maybe\""},
        };
        for (String[] c : cases) {
            Path charm = Files.createDirectories(temp.resolve("bad-actions-" + Math.abs(c[0].hashCode())));
            Files.writeString(charm.resolve("metadata.yaml"), "name: bad\nsummary: s\ndescription: d\n");
            Files.writeString(charm.resolve("actions.yaml"), c[0]);
            InvalidCharmException e = assertThrows(InvalidCharmException.class, () -> reader.read(charm), c[0]);
            assertTrue(e.getMessage().endsWith(c[1]), c[0] + ": " + e.getMessage());
        }
    }

    @Test
    void metadata_yaml_and_config_yaml_come_before_charmcraft_yaml() throws IOException {
        Path charm = Files.createDirectories(temp.resolve("both"));
        Files.writeString(charm.resolve("charmcraft.yaml"), "type: charm\nbases: []\nconfig: {options: {x: {type: int}}}\n");
        Files.writeString(charm.resolve("metadata.yaml"), "name: both\nsummary: s\ndescription: d\n");
        Files.writeString(charm.resolve("config.yaml"), "options: {y: {type: string}}\n");

        Charm read = reader.read(charm);

        assertEquals(List.of("y"), List.copyOf(read.config().options().keySet()));
        assertEquals(List.of(), read.ignoredKeys(), "charmcraft.yaml's build keys are not the metadata's");
    }

    @Test
    void a_kubernetes_charm_and_a_bundle_are_refused_with_the_reason() throws IOException {
        Path charm = Files.createDirectories(temp.resolve("k8s"));
        Files.writeString(charm.resolve("charmcraft.yaml"), "name: k8s\nsummary: s\ndescription: d\n"
                + "containers: {workload: {resource: image}}\n");
        assertEquals("charm " + charm + ": charmcraft.yaml: containers declares workload containers: a Kubernetes"
                + " charm, which Jujube's machines cannot run",
                assertThrows(InvalidCharmException.class, () -> reader.read(charm)).getMessage());

        Files.writeString(charm.resolve("charmcraft.yaml"), "name: k8s\nsummary: s\ndescription: d\n"
                + "assumes: [juju, k8s-api]\n");
        assertTrue(assertThrows(InvalidCharmException.class, () -> reader.read(charm)).getMessage()
                .endsWith("charmcraft.yaml: assumes requires k8s-api: a Kubernetes charm, which Jujube's machines cannot run"));

        Files.writeString(charm.resolve("charmcraft.yaml"), "type: bundle\nname: k8s\nsummary: s\ndescription: d\n");
        assertTrue(assertThrows(InvalidCharmException.class, () -> reader.read(charm)).getMessage()
                .endsWith("charmcraft.yaml: type is \"bundle\": only charms deploy this way"));

        Files.writeString(charm.resolve("charmcraft.yaml"), "type: charm\nparts: {}\n");
        assertTrue(assertThrows(InvalidCharmException.class, () -> reader.read(charm)).getMessage()
                .endsWith("metadata.yaml is missing and no charmcraft.yaml names the charm (is this a charm?)"));

        Files.writeString(charm.resolve("charmcraft.yaml"), "name: k8s\nsummary: s\ndescription: d\nconfig: {options: {p: {type: secret}}}\n");
        assertTrue(assertThrows(InvalidCharmException.class, () -> reader.read(charm)).getMessage()
                .contains("charmcraft.yaml config: options.p.type must be string, int, float or boolean, got \"secret\""));
    }

    private void assertProblem(String charm, String problem) {
        InvalidCharmException e = assertThrows(InvalidCharmException.class, () -> reader.read(BROKEN.resolve(charm)));
        assertTrue(e.getMessage().startsWith("charm " + BROKEN.resolve(charm) + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(problem), () -> "expected \"" + problem + "\" in: " + e.getMessage());
    }

    @Test
    void survives_arbitrary_garbage_as_metadata_with_a_named_error() {
        List<String> garbage = List.of("{", "[1, 2", "!!binary AAAA", "name: !!int x", "? [a]\n: b", "&a [*a]", "\t\u0000", "name:\n  - - - -",
                "a: &x {b: *x}", "--- \n--- \n", "~", "123", "name: a\nsummary: s\ndescription: d\nprovides: {db: {interface: [x]}}",
                "name: a\nsummary: s\ndescription: d\nrequires: {db: {interface: m, optional: maybe}}",
                "name: a\nsummary: s\ndescription: d\npeers: {p: {interface: m, limit: 1.5}}");
        for (String text : garbage) {
            InvalidCharmException e = assertThrows(InvalidCharmException.class, () -> reader.parseMetadata("fuzz", text), text);
            assertTrue(e.getMessage().startsWith("charm fuzz: metadata.yaml"), e.getMessage());
        }
    }

    @Test
    void refuses_names_longer_than_the_limit_where_the_charm_is_read() throws IOException {
        String name = "a".repeat(CharmReader.MAX_NAME_LENGTH + 1);
        Path charm = Files.createDirectories(temp.resolve("long"));
        Files.writeString(charm.resolve("revision"), "1\n");
        Files.writeString(charm.resolve("metadata.yaml"), "name: " + name + "\nsummary: s\ndescription: d\n");
        InvalidCharmException e = assertThrows(InvalidCharmException.class, () -> reader.read(charm));
        assertEquals("charm " + charm + ": metadata.yaml: name \"" + name.substring(0, 64)
                + "...\" has 65 characters, more than the 64 a name may have", e.getMessage());

        Files.writeString(charm.resolve("metadata.yaml"), "name: long\nsummary: s\ndescription: d\nrequires:\n  "
                + name + ": mysql\n");
        e = assertThrows(InvalidCharmException.class, () -> reader.read(charm));
        assertTrue(e.getMessage().contains("metadata.yaml: requires relation \"aaaa"), e.getMessage());

        Files.writeString(charm.resolve("metadata.yaml"), "name: long\nsummary: s\ndescription: d\nprovides:\n  db: "
                + name.replace('a', 'i') + "\n");
        e = assertThrows(InvalidCharmException.class, () -> reader.read(charm));
        assertTrue(e.getMessage().contains("metadata.yaml: provides interface \"iiii"), e.getMessage());

        Files.writeString(charm.resolve("metadata.yaml"), "name: long\nsummary: s\ndescription: d\n");
        Files.writeString(charm.resolve("config.yaml"), "options:\n  " + name.replace('a', 'o') + ":\n    type: string\n");
        e = assertThrows(InvalidCharmException.class, () -> reader.read(charm));
        assertTrue(e.getMessage().contains("config.yaml: option \"oooo"), e.getMessage());

        Files.writeString(charm.resolve("config.yaml"), "options:\n  " + "o".repeat(64) + ":\n    type: string\n");
        assertEquals("long", reader.read(charm).name(), "64 characters are fine");
    }
}
