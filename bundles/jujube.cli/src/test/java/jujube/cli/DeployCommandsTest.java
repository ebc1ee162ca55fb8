package jujube.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import jujube.model.RelationInfo;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import org.junit.jupiter.api.Test;

/** deploy, add-unit, remove-unit, destroy-service, terminate-machine and the subordinate rules. */
class DeployCommandsTest extends CliFixture {
    @Test
    void deploy_publishes_the_charm_and_places_units_on_machine_0() throws Exception {
        Result r = deploy("local:wordpress", "blog", "-n", "2").assertOk();
        assertEquals("Deployed local:precise/wordpress-3 as service 'blog': blog/0 (machine 0), blog/1 (machine 0)\n", r.out());
        assertEquals("local:precise/wordpress-3", state.services().get("blog").charmId());
        assertEquals(List.of(0, 0), state.units().list().stream().map(u -> u.machineId().getAsInt()).toList());
        var charm = state.charms().get("local:precise/wordpress-3");
        assertEquals("wordpress", charm.metadata().get("name"));
        assertTrue(Files.exists(Path.of(java.net.URI.create(charm.url()))), charm.url());
        deploy("mysql").assertOk();
        assertEquals("local:precise/mysql-1", state.services().get("mysql").charmId());
    }

    @Test
    void a_charm_of_today_deploys_from_its_path_and_is_numbered_by_its_content() throws Exception {
        Path charm = Files.createDirectories(home.resolve("today"));
        Files.writeString(charm.resolve("charmcraft.yaml"), "type: charm\nname: today\nsummary: s\ndescription: d\n"
                + "bases: []\nparts: {charm: {}}\npeers: {replicas: {interface: today-peers}}\n"
                + "config: {options: {greeting: {type: string, default: hello}}}\n");
        Path hooks = Files.createDirectories(charm.resolve("hooks"));
        Files.writeString(hooks.resolve("install"), "#!/bin/sh\n");

        Result first = run("deploy", charm.toString(), "first").assertOk();
        assertEquals("Deployed local:precise/today-0 as service 'first': first/0 (machine 0)\n", first.out());
        assertEquals("warning: charm today: Jujube does not implement, and ignores: bases, parts\n", first.err());
        assertTrue(state.charms().get("local:precise/today-0").config().toString().contains("greeting"),
                "the options come from charmcraft.yaml");
        assertEquals("local:precise/today-0", run("deploy", charm.toString(), "second").assertOk().out()
                .replaceAll(".*Deployed (\\S+) .*\n", "$1"), "the same content is the same revision");

        Files.writeString(hooks.resolve("start"), "#!/bin/sh\n");
        assertEquals("Deployed local:precise/today-1 as service 'third': third/0 (machine 0)\n",
                run("deploy", charm.toString(), "third").assertOk().out());
        assertFalse(Files.exists(charm.resolve("revision")), "the charm's directory is left as it is");

        Path packed = jujube.charm.CharmArchives.build(charm, home.resolve("today_ubuntu-22.04-amd64.charm")).path();
        assertEquals("Deployed local:precise/today-1 as service 'fourth': fourth/0 (machine 0)\n",
                run("deploy", packed.toString(), "fourth").assertOk().out());
    }

    @Test
    void an_archive_as_charmcraft_packs_it_deploys_with_the_metadata_it_generated() throws Exception {
        // charmcraft pack writes metadata.yaml, config.yaml and actions.yaml from charmcraft.yaml, and its
        // manifest.yaml, beside the charm's dispatch, its code in src/ and its dependencies in venv/
        Map<String, String> entries = new java.util.LinkedHashMap<>();
        entries.put("metadata.yaml", "name: shaped\nsummary: s\ndescription: d\npeers:\n  replicas:\n    interface: shaped-peers\n"
                + "provides:\n  website:\n    interface: http\nrequires:\n  db:\n    interface: mysql\n    limit: 1\n");
        entries.put("config.yaml", "options:\n  greeting:\n    type: string\n    default: hello\n    description: words\n");
        entries.put("actions.yaml", "greet:\n  description: Greet someone.\n  params:\n    name:\n      type: string\n");
        entries.put("manifest.yaml", "analysis:\n  attributes:\n  - name: language\n    result: python\n"
                + "bases:\n- architectures: [amd64]\n  channel: '22.04'\n  name: ubuntu\ncharmcraft-started-at: '2024-01-01T00:00:00Z'\n"
                + "charmcraft-version: 2.5.0\n");
        entries.put("dispatch", "#!/bin/sh\nJUJU_DISPATCH_PATH=\"${JUJU_DISPATCH_PATH:-$0}\" PYTHONPATH=lib:venv exec ./src/charm.py\n");
        entries.put("src/charm.py", "#!/usr/bin/env python3\nprint('the charm')\n");
        entries.put("venv/dependency/__init__.py", "");
        entries.put("README.md", "# shaped\n");
        Path archive = home.resolve("shaped_ubuntu-22.04-amd64.charm");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(archive))) {
            for (Map.Entry<String, String> entry : entries.entrySet()) {
                zip.putNextEntry(new ZipEntry(entry.getKey()));
                zip.write(entry.getValue().getBytes(StandardCharsets.UTF_8));
            }
        }

        Result deployed = run("deploy", archive.toString(), "shaped").assertOk();
        assertEquals("Deployed local:precise/shaped-0 as service 'shaped': shaped/0 (machine 0)\n", deployed.out());
        assertEquals("", deployed.err(), "nothing of the archive is ignored with a warning");
        var charm = state.charms().get(state.services().get("shaped").charmId());
        assertEquals("shaped", charm.metadata().get("name"));
        assertEquals("shaped-peers", endpoint(charm.metadata(), "peers", "replicas").get("interface"));
        assertEquals(1, endpoint(charm.metadata(), "requires", "db").get("limit"));
        assertEquals("http", endpoint(charm.metadata(), "provides", "website").get("interface"));
        assertEquals(null, endpoint(charm.metadata(), "provides", "website").get("limit"));
        assertEquals("hello", ((Map<?, ?>) ((Map<?, ?>) charm.config().get("options")).get("greeting")).get("default"));
        assertEquals(Set.of("greet"), charm.actions().keySet());
        assertEquals(List.of("replicas"), state.relations().ofService("shaped").stream()
                .map(r -> r.endpointOf("shaped").orElseThrow().relationName()).toList(), "its peer relation came with it");
    }

    /** One endpoint of a section of metadata as stored. */
    private static Map<?, ?> endpoint(Map<String, Object> metadata, String section, String name) {
        return (Map<?, ?>) ((Map<?, ?>) metadata.get(section)).get(name);
    }

    @Test
    void deploy_of_a_path_names_what_is_wrong_with_it() throws Exception {
        Map<String, String> before = snapshot();
        assertEquals("jujube: no charm at ./absent: no such file or directory", run("deploy", "./absent").assertFailure());
        Path k8s = Files.createDirectories(home.resolve("k8s"));
        Files.writeString(k8s.resolve("charmcraft.yaml"), "name: k8s\nsummary: s\ndescription: d\ncontainers: {app: {}}\n");
        assertEquals("jujube: charm " + k8s + ": charmcraft.yaml: containers declares workload containers: a Kubernetes"
                + " charm, which Jujube's machines cannot run", run("deploy", k8s.toString()).assertFailure());
        assertEquals(before, snapshot());
    }

    @Test
    void deploy_builds_archives_in_the_charm_storage_and_sweeps_those_a_killed_deploy_left() throws Exception {
        deploy("mysql").assertOk();
        Path storage = Path.of(java.net.URI.create(state.charms().get("local:precise/mysql-1").url())).getParent();
        Path stale = Files.writeString(storage.resolve(".wordpress-3.123.tmp"), "half an archive");
        Files.setLastModifiedTime(stale, java.nio.file.attribute.FileTime.from(java.time.Instant.now().minusSeconds(600)));
        Path inFlight = Files.writeString(storage.resolve(".other-1.456.tmp"), "another deploy's archive");

        deploy("local:wordpress", "blog").assertOk();

        assertFalse(Files.exists(stale), "a stale archive is swept");
        try (var left = Files.list(storage)) {
            assertEquals(List.of(inFlight), left.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList(),
                    "the deploy's own archives are removed, a young one of another command is kept");
        }
    }

    @Test
    void deploy_with_a_config_file_sets_typed_options() throws Exception {
        Path config = home.resolve("blog.yaml");
        Files.writeString(config, "blog: {title: My blog, port: 80, ratio: 1, debug: true}\nother: {x: 1}\n");
        deploy("local:wordpress", "blog", "--config", config.toString()).assertOk();
        assertEquals(Map.of("title", "My blog", "port", 80, "ratio", 1.0, "debug", true), state.services().config("blog"));
    }

    @Test
    void deploy_refusals_change_nothing() throws Exception {
        deploy("local:mysql").assertOk();
        Path bad = home.resolve("bad.yaml");
        Files.writeString(bad, "blog: {port: eighty}\n");
        Path unknown = home.resolve("unknown.yaml");
        Files.writeString(unknown, "blog: {colour: red}\n");
        Path missing = home.resolve("missing.yaml");
        Files.writeString(missing, "other: {port: 80}\n");
        Path broken = home.resolve("broken.yaml");
        Files.writeString(broken, "blog: {port: 80\n");
        Path twice = home.resolve("twice.yaml");
        Files.writeString(twice, "blog:\n  port: 80\n  port: 81\n");
        Map<String, String> before = snapshot();
        assertEquals("jujube: service 'mysql' already exists", deploy("local:mysql").assertFailure());
        assertTrue(deploy("local:wordpress", "blog", "--config", bad.toString()).assertFailure()
                .matches("jujube: config file .*bad.yaml: .*port.*eighty.*"));
        assertTrue(deploy("local:wordpress", "blog", "--config", unknown.toString()).assertFailure().contains("colour"));
        assertTrue(deploy("local:wordpress", "blog", "--config", missing.toString()).assertFailure()
                .contains("has no options for service 'blog'"));
        assertEquals("jujube: config file " + broken + " is not valid YAML: line 2, column 1: expected ',' or '}', but got"
                + " <stream end> (parsing a flow mapping from line 1, column 7)",
                deploy("local:wordpress", "blog", "--config", broken.toString()).assertFailure());
        assertTrue(deploy("local:wordpress", "blog", "--config", twice.toString()).assertFailure()
                .matches("jujube: config file .*twice.yaml is not valid YAML: line 3, column [0-9]+: Duplicate field 'port'"));
        assertTrue(deploy("local:nosuch").assertFailure().contains("charm local:precise/nosuch not found in repository"));
        assertTrue(deploy("cs:precise/mysql").assertFailure().contains("charm store"));
        assertEquals("jujube: invalid service name 'Blog-1': lower-case words joined by '-', not ending in a number",
                deploy("local:wordpress", "Blog-1").assertFailure());
        assertEquals(2, deploy("local:wordpress", "-n", "0").code());
        Result many = deploy("local:wordpress", "-n", "5001");
        assertEquals(2, many.code());
        assertTrue(many.err().startsWith("jujube: -n must be at most 5000, got 5001"), many.err());
        String longName = "b".repeat(300);
        assertEquals("jujube: invalid service name '" + "b".repeat(64) + "...' (300 characters): at most 64 characters",
                deploy("local:wordpress", longName).assertFailure());
        assertEquals(before, snapshot());
    }

    @Test
    void an_archive_the_agent_would_refuse_is_refused_before_anything_is_stored() throws Exception {
        Path charms = repository.resolve("precise");
        for (String evil : List.of("../escape", "/etc/evil", "hooks/../../escape")) {
            Path archive = charms.resolve("evil.charm");
            try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(archive))) {
                for (String[] entry : new String[][] {{"metadata.yaml", "name: evil\nsummary: s\ndescription: d\n"},
                        {"revision", "1\n"}, {evil, "x"}}) {
                    zip.putNextEntry(new ZipEntry(entry[0]));
                    zip.write(entry[1].getBytes(StandardCharsets.UTF_8));
                    zip.closeEntry();
                }
            }
            Map<String, String> before = snapshot();
            String error = deploy("local:evil").assertFailure();
            assertTrue(error.startsWith("jujube: charm archive " + archive + " refused: "), error);
            assertEquals(1, error.lines().count(), error);
            assertEquals(before, snapshot(), "nothing published or deployed for " + evil);
            try (var stored = Files.list(home.resolve("environments").resolve(envName).resolve("charms"))) {
                assertEquals(List.of(), stored.map(p -> p.getFileName().toString()).filter(n -> n.contains("evil")
                        || n.startsWith(".verify-")).toList(), "no archive or scratch directory stored");
            } catch (java.nio.file.NoSuchFileException e) {
                // no storage yet: nothing stored
            }
        }
    }

    @Test
    void a_broken_archive_is_named_with_its_problem_once() throws Exception {
        Path archive = repository.resolve("precise/nometa.charm");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(archive))) {
            zip.putNextEntry(new ZipEntry("revision"));
            zip.write("1\n".getBytes(StandardCharsets.UTF_8));
        }
        assertEquals("jujube: charm local:precise/nometa not found in repository " + repository + "; skipping broken charm "
                + archive + ": metadata.yaml is missing and no charmcraft.yaml names the charm (is this a charm?)", deploy("local:nometa").assertFailure());

        Path slip = repository.resolve("precise/slip.charm");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(slip))) {
            for (String[] entry : new String[][] {{"metadata.yaml", "name: slip\nsummary: s\ndescription: d\n"},
                    {"revision", "1\n"}, {"../x", "x"}}) {
                zip.putNextEntry(new ZipEntry(entry[0]));
                zip.write(entry[1].getBytes(StandardCharsets.UTF_8));
            }
        }
        assertEquals("jujube: charm archive " + slip + " refused: entry \"../x\" would be written outside the target"
                + " directory (contains ..)", deploy("local:slip").assertFailure());
    }

    @Test
    void a_charm_too_large_for_the_state_leaves_nothing_stored_and_its_fix_deploys() throws Exception {
        Path charm = Files.createDirectories(repository.resolve("precise/huge"));
        Files.writeString(charm.resolve("revision"), "1\n");
        Files.writeString(charm.resolve("metadata.yaml"), "name: huge\nsummary: s\ndescription: " + "d".repeat(600_000) + "\n");
        Files.writeString(charm.resolve("config.yaml"), "options:\n  o:\n    type: string\n    default: " + "o".repeat(600_000) + "\n");
        Map<String, String> before = snapshot();
        String error = deploy("local:huge").assertFailure();
        assertTrue(error.matches("jujube: node /charms/local%3Aprecise%2Fhuge-1: 120\\d{4} bytes of content, over the limit"
                + " of 1000000 bytes a node may hold"), error);
        assertEquals(before, snapshot());
        try (var stored = Files.list(home.resolve("environments").resolve(envName).resolve("charms"))) {
            assertEquals(List.of(), stored.map(p -> p.getFileName().toString()).filter(n -> n.contains("huge")).toList());
        }
        Files.writeString(charm.resolve("config.yaml"), "options:\n  o:\n    type: string\n");
        deploy("local:huge").assertOk();
        assertEquals("local:precise/huge-1", state.services().get("huge").charmId());
    }

    @Test
    void a_subordinate_gets_no_units_and_one_without_a_container_relation_is_refused() throws Exception {
        Result r = deploy("local:logging").assertOk();
        assertEquals("Subordinate 'logging' awaiting relationship to principal for deployment.\n", r.out());
        assertEquals(List.of(), state.services().get("logging").units());

        Path broken = repository.resolve("precise/badsub");
        Files.createDirectories(broken);
        Files.writeString(broken.resolve("metadata.yaml"),
                "name: badsub\nsummary: s\ndescription: d\nsubordinate: true\nrequires:\n  info: {interface: juju-info}\n");
        Files.writeString(broken.resolve("revision"), "1\n");
        Map<String, String> before = snapshot();
        String error = deploy("local:badsub").assertFailure();
        assertTrue(error.contains("badsub") && error.contains("no requires relation with scope: container"), error);
        assertEquals(before, snapshot());
    }

    @Test
    void a_subordinate_is_not_deployed_to_a_machine() throws Exception {
        Map<String, String> before = snapshot();
        assertEquals("jujube: deploy: logging is a subordinate charm: it has no machine of its own (its units go where"
                + " its principal's are), so --to is not for it", deploy("local:logging", "--to", "0").assertFailure());
        assertEquals(before, snapshot());
        deploy("local:logging").assertOk();
        assertEquals("jujube: Subordinate services acquire units from their principal service.",
                run("add-unit", "logging", "--to", "0").assertFailure());
    }

    @Test
    void add_unit_places_units_and_refuses_subordinates() throws Exception {
        deploy("local:mysql").assertOk();
        deploy("local:logging").assertOk();
        assertEquals("Unit 'mysql/1' added to service 'mysql' on machine 0\nUnit 'mysql/2' added to service 'mysql' on machine 0\n",
                run("add-unit", "mysql", "-n", "2").assertOk().out());
        Map<String, String> before = snapshot();
        assertEquals("jujube: Subordinate services acquire units from their principal service.",
                run("add-unit", "logging").assertFailure());
        assertEquals("jujube: service 'nosuch' does not exist", run("add-unit", "nosuch").assertFailure());
        assertEquals(before, snapshot());
    }

    @Test
    void remove_unit_checks_every_name_first_and_refuses_subordinate_units() throws Exception {
        deploy("local:wordpress", "blog", "-n", "2").assertOk();
        deploy("local:logging").assertOk();
        run("add-relation", "blog", "logging").assertOk();
        UnitName sub = state.units().addSubordinate("logging", UnitName.parse("blog/0")).name();
        Map<String, String> before = snapshot();
        assertEquals("jujube: Unsupported attempt to remove subordinate unit 'logging/0' while principal service 'blog' is related.",
                run("remove-unit", "blog/1", sub.toString()).assertFailure());
        assertEquals("jujube: unit blog/7 does not exist", run("remove-unit", "blog/1", "blog/7").assertFailure());
        assertEquals("jujube: 'blog' is not a unit name <service>/<n>", run("remove-unit", "blog").assertFailure());
        assertEquals(before, snapshot());
        assertEquals("Unit 'blog/0' removed from service 'blog'\n", run("remove-unit", "blog/0").assertOk().out());
        assertEquals(List.of("blog/1"), state.units().list().stream().map(u -> u.name().toString()).toList());
    }

    @Test
    void destroy_service_removes_its_relations_but_not_a_tied_subordinate() throws Exception {
        deploy("local:wordpress", "blog").assertOk();
        deploy("local:mysql").assertOk();
        deploy("local:logging").assertOk();
        run("add-relation", "blog", "mysql").assertOk();
        run("add-relation", "blog", "logging").assertOk();
        Map<String, String> before = snapshot();
        assertEquals("jujube: Unsupported attempt to destroy subordinate service 'logging' while principal service 'blog' is related.",
                run("destroy-service", "logging").assertFailure());
        assertEquals("jujube: service 'nosuch' does not exist", run("destroy-service", "nosuch").assertFailure());
        assertEquals(before, snapshot());
        assertEquals("Service 'blog' destroyed.\n", run("destroy-service", "blog").assertOk().out());
        assertEquals(List.of("logging", "mysql"), state.services().list().stream().map(s -> s.name()).toList());
        assertEquals(List.<RelationInfo>of(), state.relations().list());
        assertEquals(List.<UnitInfo>of(), state.units().list().stream().filter(u -> !u.name().service().equals("mysql")).toList());
        run("destroy-service", "logging").assertOk();
    }

    @Test
    void terminate_machine_refuses_machine_0_unknown_machines_and_machines_with_units() throws Exception {
        int one = state.machines().add().id();
        int two = state.machines().add().id();
        deploy("local:mysql").assertOk();
        state.units().unassign(UnitName.parse("mysql/0"));
        state.units().assign(UnitName.parse("mysql/0"), two);
        Map<String, String> before = snapshot();
        assertEquals("jujube: Cannot terminate machine 0: it runs the environment's controller",
                run("terminate-machine", Integer.toString(one), "0").assertFailure());
        assertEquals("jujube: Cannot terminate machine " + two + ": units [mysql/0] are assigned to it",
                run("terminate-machine", Integer.toString(one), Integer.toString(two)).assertFailure());
        assertEquals("jujube: machine 9 does not exist", run("terminate-machine", "9").assertFailure());
        assertEquals(2, run("terminate-machine", "x").code());
        assertEquals(before, snapshot());
        assertEquals("Machine " + one + " terminated\n", run("terminate-machine", Integer.toString(one)).assertOk().out());
        assertFalse(state.machines().list().stream().anyMatch(m -> m.id() == one));
    }

    @Test
    void units_go_to_the_machine_named_with_to_and_an_unknown_machine_changes_nothing() throws Exception {
        assertEquals("Machine 1 added\n", run("add-machine").assertOk().out());
        Map<String, String> before = snapshot();
        assertEquals("jujube: machine 9 does not exist", deploy("local:mysql", "-n", "2", "--to", "9").assertFailure());
        assertEquals(before, snapshot(), "no service, no unit");
        deploy("local:mysql", "-n", "2", "--to", "1").assertOk();
        run("add-unit", "mysql", "--to", "1").assertOk();
        assertEquals("jujube: machine 9 does not exist", run("add-unit", "mysql", "--to", "9").assertFailure());
        assertEquals(Set.of(UnitName.parse("mysql/0"), UnitName.parse("mysql/1"), UnitName.parse("mysql/2")),
                state.machines().assignedUnits(1));
        assertEquals(3, state.units().list().size());
    }

    @Test
    void a_missing_environment_is_named() {
        envName = "nosuch";
        String error = run("status").assertFailure();
        assertTrue(error.startsWith("jujube: environment 'nosuch' is not bootstrapped"), error);
    }
}
