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
import jujube.model.UnitInfo;
import org.junit.jupiter.api.Test;

/** deploy of a bundle (plan, refusals, dry run, redeploy) and export-bundle. */
class BundleCommandsTest extends CliFixture {
    private static final String BLOG = """
            description: a blog and its database
            machines:
              "0": {}
            applications:
              mysql:
                charm: ./precise/mysql
              blog:
                charm: ./precise/wordpress
                num_units: 2
                to: ["0"]
                options:
                  title: My blog
                  port: 80
                expose: true
            relations:
              - [blog:db, mysql]
            """;

    private Path bundle(String name, String text) throws Exception {
        Path file = repository.resolve(name);
        Files.writeString(file, text);
        return file;
    }

    private Result deployBundle(Path file, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of(file.toString()));
        args.addAll(List.of(more));
        return run("deploy", args.toArray(String[]::new));
    }

    @Test
    void a_bundle_deploys_its_services_units_options_exposure_and_relations() throws Exception {
        Result r = deployBundle(bundle("bundle.yaml", BLOG)).assertOk();
        assertEquals("""
                Deployed local:precise/mysql-1 as service 'mysql': mysql/0 (machine 0)
                Deployed local:precise/wordpress-3 as service 'blog': blog/0 (machine 0), blog/1 (machine 0)
                Service 'blog' was exposed.
                Related blog:db and mysql:db (mysql)
                Deployed bundle.yaml: 4 changes
                """, r.out());
        assertEquals("", r.err());
        assertEquals(2, state.services().get("blog").units().size());
        assertEquals("My blog", state.services().config("blog").get("title"));
        assertEquals(80L, ((Number) state.services().config("blog").get("port")).longValue());
        assertEquals(2, state.services().config("blog").size());
        assertTrue(state.services().isExposed("blog"));
        RelationInfo relation = state.relations().list().get(0);
        assertEquals(List.of(new RelationEndpoint("blog", "db", RelationRole.CLIENT),
                new RelationEndpoint("mysql", "db", RelationRole.SERVER)), relation.endpoints());
    }

    @Test
    void the_same_bundle_again_changes_nothing() throws Exception {
        Path file = bundle("bundle.yaml", BLOG);
        deployBundle(file).assertOk();
        Map<String, String> before = snapshot();
        assertEquals("Nothing to change: the environment already is as bundle.yaml says\n", deployBundle(file).assertOk().out());
        assertEquals(before, snapshot());
    }

    @Test
    void a_changed_bundle_changes_only_what_differs() throws Exception {
        deployBundle(bundle("bundle.yaml", BLOG)).assertOk();
        String changed = BLOG.replace("num_units: 2", "num_units: 3").replace("port: 80", "port: 81")
                .replace("relations:", "  logging:\n    charm: ./precise/logging\nrelations:\n  - [logging, blog]");
        Path file = bundle("changed.yaml", changed);
        assertEquals("""
                Deploying changed.yaml would (dry run, nothing changed):
                - add to service 'blog' 1 unit placed by the environment
                - set options of service 'blog': port
                - deploy charm ./precise/logging as service 'logging' with no units (a subordinate)
                - relate logging:juju-info and blog:juju-info (juju-info)
                """, deployBundle(file, "--dry-run").assertOk().out());
        Result r = deployBundle(file).assertOk();
        assertEquals("""
                Added to service 'blog': blog/2 (machine 0)
                Set port of service 'blog'
                Deployed local:precise/logging-1 as service 'logging'
                Related logging:juju-info and blog:juju-info (juju-info)
                Deployed changed.yaml: 4 changes
                """, r.out());
        assertEquals(81L, ((Number) state.services().config("blog").get("port")).longValue());
        assertEquals("My blog", state.services().config("blog").get("title"));
        assertEquals(3, state.services().get("blog").units().size());
        assertEquals(1, state.services().get("mysql").units().size());

        // fewer units is a warning, never a removal
        Result fewer = deployBundle(bundle("fewer.yaml", changed.replace("num_units: 3", "num_units: 1"))).assertOk();
        assertEquals("warning: fewer.yaml: applications.blog.num_units: 1, but service 'blog' has 3 units: a bundle never"
                + " removes units (remove-unit does)\n", fewer.err());
        assertEquals(3, state.services().get("blog").units().size());
    }

    @Test
    void a_dry_run_prints_the_plan_and_writes_nothing() throws Exception {
        Path file = bundle("bundle.yaml", BLOG);
        Map<String, String> before = snapshot();
        Result r = deployBundle(file, "--dry-run").assertOk();
        assertEquals("""
                Deploying bundle.yaml would (dry run, nothing changed):
                - deploy charm ./precise/mysql as service 'mysql' with 1 unit placed by the environment
                - deploy charm ./precise/wordpress as service 'blog' with 1 unit on bundle machine 0, 1 unit placed by the\
                 environment, options title, port
                - expose service 'blog'
                - relate blog:db and mysql:db (mysql)
                """, r.out());
        assertEquals(before, snapshot());
        assertTrue(state.services().list().isEmpty());
        try (var stored = Files.list(home.resolve("environments").resolve(envName))) {
            assertTrue(stored.noneMatch(p -> p.getFileName().toString().equals("charms")), "no charm stored");
        }
    }

    @Test
    void declared_machines_are_added_and_units_placed_on_them() throws Exception {
        Path file = bundle("machines.yaml", """
                machines:
                  "0": {}
                  "1":
                applications:
                  mysql: {charm: ./precise/mysql, num_units: 2, to: ["1", "0"]}
                """);
        Result r = deployBundle(file).assertOk();
        assertEquals("""
                Added machine 1 (bundle machine 1)
                Deployed local:precise/mysql-1 as service 'mysql': mysql/0 (machine 1), mysql/1 (machine 0)
                Deployed machines.yaml: 2 changes
                """, r.out());
        assertEquals(List.of(1, 0), state.units().list().stream().map(UnitInfo::machineId).map(m -> m.getAsInt()).toList());
        assertEquals("Nothing to change: the environment already is as machines.yaml says\n", deployBundle(file).assertOk().out());
        assertEquals(2, state.machines().list().size());
    }

    @Test
    void a_wrong_bundle_is_refused_whole_with_one_line_naming_the_place() throws Exception {
        deploy("local:mysql", "other").assertOk();
        Files.createDirectories(repository.resolve("notacharm"));
        Map<String, String> before = snapshot();
        Map<String, String> cases = new java.util.LinkedHashMap<>();
        cases.put(BLOG.replace("expose: true", "expose: true\n    colour: red"),
                "jujube: b.yaml: applications.blog.colour: unknown key (known: charm, expose, num_units, options, to)");
        cases.put(BLOG.replace("relations:", "bogus: 1\nrelations:"),
                "jujube: b.yaml: bogus: unknown key (known: applications, description, machines, name, relations, series, services)");
        cases.put(BLOG.replace("./precise/mysql", "./precise/nosuch"), "jujube: b.yaml: applications.mysql.charm: no charm at"
                + " ./precise/nosuch (" + repository.resolve("precise/nosuch") + ")");
        cases.put(BLOG.replace("./precise/mysql", "./notacharm"), "jujube: b.yaml: applications.mysql.charm:");
        cases.put(BLOG.replace("./precise/mysql", "mysql"), "jujube: b.yaml: applications.mysql.charm: 'mysql' is not a path:"
                + " Jujube deploys a bundle's charms from local paths (./mysql, relative to the bundle)");
        cases.put(BLOG.replace("port: 80", "port: eighty"), "jujube: b.yaml: applications.blog.options.port: value \"eighty\" is not an int");
        cases.put(BLOG.replace("port: 80", "colour: red"),
                "jujube: b.yaml: applications.blog.options.colour: no such option in the charm's config.yaml");
        cases.put(BLOG.replace("[blog:db, mysql]", "[blog:db, nosuch]"),
                "jujube: b.yaml: relations[0]: application 'nosuch' is not in the bundle");
        cases.put(BLOG.replace("[blog:db, mysql]", "[blog:website, mysql]"),
                "jujube: b.yaml: relations[0]: No matching endpoints for 'blog:website mysql'");
        cases.put(BLOG.replace("to: [\"0\"]", "to: [\"3\"]"), "jujube: b.yaml: applications.blog.to[0]: machine '3' is not declared in 'machines'");
        cases.put(BLOG.replace("num_units: 2", "num_units: -1"),
                "jujube: b.yaml: applications.blog.num_units: expected a whole number from 0 to 5000, got -1");
        cases.put(BLOG.replace("  mysql:\n", "  Bad_Name:\n").replace("[blog:db, mysql]", "[blog:db, Bad_Name]"),
                "jujube: b.yaml: applications.Bad_Name: invalid service name 'Bad_Name': lower-case words joined by '-', not ending in a number");
        cases.put(BLOG + "  - [mysql, blog]\n", "jujube: b.yaml: relations[1]: the same relation as an earlier one of the bundle");
        cases.put(BLOG.replace("relations:", "  db2:\n    charm: ./precise/mysql\nrelations:") + "  - [blog:db, db2]\n",
                "jujube: b.yaml: relations[1]: cannot add relation \"db2:db blog:db\": establishing a new relation for blog:db"
                        + " would exceed its maximum relation limit of 1");
        cases.put(BLOG.replace("  mysql:\n    charm: ./precise/mysql\n", "  other:\n    charm: ./precise/wordpress\n"),
                "jujube: b.yaml: applications.other.charm: service 'other' runs charm local:precise/mysql-1, not wordpress"
                        + " (a bundle does not change a service's charm)");
        cases.put("applications:\n  mysql: {charm: ./precise/mysql}\n  mysql: {charm: ./precise/mysql}\n",
                "jujube: b.yaml is not valid YAML: ");
        cases.put("relations: []\n", "jujube: b.yaml: applications: a bundle needs a map of applications");
        cases.put(BLOG.replace("    num_units: 2\n", "").replace("to: [\"0\"]", "to: [\"0\", \"0\"]"),
                "jujube: b.yaml: applications.blog.to: 2 placements for 1 unit");
        cases.put(BLOG.replace("relations:", "  logging: {charm: ./precise/logging, to: [\"0\"]}\nrelations:"),
                "jujube: b.yaml: applications.logging.to: charm logging is a subordinate: its units go where its principals'"
                        + " are (leave to out)");
        cases.put(BLOG.replace("relations:", "  logging: {charm: ./precise/logging, num_units: 1}\nrelations:"),
                "jujube: b.yaml: applications.logging.num_units: charm logging is a subordinate: its units come with its"
                        + " principals' (leave num_units out)");
        cases.put(BLOG.replace("machines:\n  \"0\": {}", "machines:\n  \"0\": {constraints: mem=4G}"),
                "jujube: b.yaml: machines.0.constraints: a machine takes no settings in Jujube: give {} or nothing");
        cases.put(BLOG.replace("to: [\"0\"]", "to: [\"lxd:0\"]"), "jujube: b.yaml: applications.blog.to[0]: expected the"
                + " number of a machine declared in 'machines', got 'lxd:0' (Jujube places units on machines only, not in"
                + " containers)");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            Path file = bundle("b.yaml", c.getKey());
            for (String dry : new String[] {"--dry-run", null}) {
                Result r = dry == null ? deployBundle(file) : deployBundle(file, dry);
                String line = r.assertFailure();
                assertTrue(line.startsWith(c.getValue()), () -> "expected: " + c.getValue() + "\n     got: " + line);
            }
        }
        assertEquals(before, snapshot());
    }

    @Test
    void an_oversized_or_non_utf8_bundle_is_refused_before_it_is_parsed() throws Exception {
        Path big = repository.resolve("big.yaml");
        Files.writeString(big, "# " + "x".repeat(1 << 20) + "\n");
        assertEquals("jujube: big.yaml is 1048579 bytes, larger than the 1048576 bytes a bundle may be",
                deployBundle(big).assertFailure());
        Path latin = repository.resolve("latin.yaml");
        Files.write(latin, ("description: caf\u00e9\n" + BLOG.substring(BLOG.indexOf('\n') + 1))
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        assertEquals("jujube: latin.yaml is not UTF-8 text", deployBundle(latin).assertFailure());
        assertEquals("jujube: nosuch.yaml does not exist (" + repository.resolve("nosuch.yaml") + ")",
                deployBundle(repository.resolve("nosuch.yaml")).assertFailure());
        assertTrue(state.services().list().isEmpty());
    }

    @Test
    void charm_options_are_usage_errors_with_a_bundle() throws Exception {
        Path file = bundle("bundle.yaml", BLOG);
        Result r = deployBundle(file, "-n", "2");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().startsWith("jujube: -n is for a charm: a bundle says it in its file\n"), r.err());
        Result dry = deploy("local:mysql", "--dry-run");
        assertEquals(2, dry.code(), dry.err());
        assertTrue(dry.err().startsWith("jujube: --dry-run is for bundles (a .yaml or .yml file)\n"), dry.err());
        assertTrue(state.services().list().isEmpty());
    }

    @Test
    void an_exported_bundle_deploys_the_same_environment_again() throws Exception {
        deployBundle(bundle("bundle.yaml", BLOG)).assertOk();
        run("deploy", repository.resolve("greeter").toString()).assertOk();
        Path exported = home.resolve("exported.yaml");
        Result r = run("export-bundle", "-o", exported.toString()).assertOk();
        assertEquals("Bundle of environment '" + envName + "' written to " + exported + "\n", r.out());
        String text = Files.readString(exported);
        assertTrue(text.startsWith("# Environment '" + envName + "' as a bundle"), text);
        assertTrue(text.contains("title: \"My blog\""), text);
        assertTrue(text.contains("expose: true"), text);
        assertTrue(text.contains("- \"blog:db\"\n  - \"mysql:db\""), text);
        assertTrue(text.contains("charm: \"" + home.resolve("environments").resolve(envName).resolve("charms")), text);
        assertEquals(text, run("export-bundle").assertOk().out(), "the same on standard output");

        Map<String, String> before = snapshot();
        assertEquals("Nothing to change: the environment already is as exported.yaml says\n",
                deployBundle(exported, "--dry-run").assertOk().out());
        assertEquals("Nothing to change: the environment already is as exported.yaml says\n",
                deployBundle(exported).assertOk().out());
        assertEquals(before, snapshot());

        // and into a fresh environment it deploys the same shape
        run("remove-application", "blog").assertOk();
        Result again = deployBundle(exported).assertOk();
        assertTrue(again.out().contains("as service 'blog': blog/2 (machine 0), blog/3 (machine 0)"), again.out());
        assertEquals(text, run("export-bundle").assertOk().out());
    }

    @Test
    void an_export_says_which_charm_path_the_operator_must_fill_in() throws Exception {
        deploy("local:mysql").assertOk();
        Files.delete(Path.of(java.net.URI.create(state.charms().get("local:precise/mysql-1").url())));
        Result r = run("export-bundle").assertOk();
        assertEquals("warning: service 'mysql': the archive of charm local:precise/mysql-1 is not stored on this host:"
                + " fill in the path of its charm in the bundle\n", r.err());
        assertTrue(r.out().contains("charm: \"./FILL-IN-path-of-charm-local_precise_mysql-1\""), r.out());
        Path exported = home.resolve("exported.yaml");
        Files.writeString(exported, r.out());
        assertTrue(deployBundle(exported, "--dry-run").assertFailure().startsWith(
                "jujube: exported.yaml: applications.mysql.charm: no charm at ./FILL-IN-path-of-charm-local_precise_mysql-1"));
    }
}
