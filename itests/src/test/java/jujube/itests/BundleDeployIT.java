package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A bundle of the example charms (mysql, wordpress as blog, greeter) deployed by the real distribution onto
 * process machines: the units come up (awaited with {@code wait-for}), the same bundle again changes
 * nothing (no unit, hook or relation more), its export deploys the same shape (a dry run of it plans
 * nothing), and a wrong bundle is refused whole.
 */
class BundleDeployIT {
    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    @AutoClose
    private Environment env;

    @Test
    void a_bundle_deploys_once_redeploys_as_nothing_and_exports_as_itself() throws Exception {
        Path home = SCRATCH.make("jujube-bundle");
        env = Environment.bootstrap(home, "bundle");
        Path dir = Files.createDirectories(home.resolve("bundles"));
        // charm paths relative to the bundle's directory, as an operator's bundle beside its charms has them
        String charms = "./" + dir.relativize(Environment.EXAMPLES);
        Path bundle = dir.resolve("bundle.yaml");
        Files.writeString(bundle, """
                applications:
                  mysql:
                    charm: %1$s/precise/mysql
                  blog:
                    charm: %1$s/precise/wordpress
                    options:
                      title: Bundled
                    expose: true
                  greeter:
                    charm: %1$s/greeter
                    num_units: 2
                    options:
                      greeting: Hi
                relations:
                  - [blog:db, mysql:db]
                """.formatted(charms));

        String deployed = env.ok("deploy", bundle.toString());
        assertTrue(deployed.endsWith("Deployed bundle.yaml: 5 changes\n"), deployed);
        for (String unit : List.of("mysql/0", "blog/0", "greeter/0", "greeter/1")) {
            env.ok("wait-for", "unit", unit, "--query", "agent-state=started", "--timeout", "2m");
        }
        env.ok("wait-for", "service", "greeter", "--query", "started-units=2 && application-status=active", "--timeout", "2m");
        env.awaitHookLine("blog/0", "db-relation-changed mysql/0 ready");
        env.awaitHookLine("mysql/0", "db-relation-changed blog/0 ready=true");
        Map<String, String> shape = shape(env.status());
        List<String> blogHooks = env.hookLog("blog/0");
        List<String> mysqlHooks = env.hookLog("mysql/0");
        assertEquals("Bundled\n", env.ok("config", "blog", "title"));

        assertEquals("Nothing to change: the environment already is as bundle.yaml says\n", env.ok("deploy", bundle.toString()));
        assertEquals(shape, shape(env.status()));
        assertEquals(blogHooks, env.hookLog("blog/0"), "no hook ran for the redeploy");
        assertEquals(mysqlHooks, env.hookLog("mysql/0"), "no hook ran for the redeploy");

        Path exported = dir.resolve("exported.yaml");
        env.ok("export-bundle", "-o", exported.toString());
        assertEquals("Nothing to change: the environment already is as exported.yaml says\n",
                env.ok("deploy", exported.toString(), "--dry-run"));

        Path wrong = dir.resolve("wrong.yaml");
        Files.writeString(wrong, Files.readString(bundle).replace("relations:", """
                  extra:
                    charm: %s/precise/mysql
                relations:
                  - [extra:db, blog:website]""".formatted(charms)));
        Distribution.Run refused = env.run("deploy", wrong.toString());
        assertEquals(1, refused.exit(), refused.err());
        assertEquals("jujube: wrong.yaml: relations[0]: No matching endpoints for 'extra:db blog:website'\n", refused.err());
        assertEquals("", refused.out());
        assertEquals(shape, shape(env.status()));
        assertFalse(env.status().path("services").has("extra"), "nothing of the wrong bundle was written");
    }

    /** What a bundle decides, from status: each service's charm, exposure, relations, and its units' machines. */
    private static Map<String, String> shape(JsonNode status) {
        Map<String, String> shape = new TreeMap<>();
        status.path("services").fields().forEachRemaining(s -> {
            JsonNode service = s.getValue();
            shape.put(s.getKey(), service.path("charm").asText() + " exposed=" + service.path("exposed").asText()
                    + " relations=" + service.path("relations"));
            service.path("units").fields().forEachRemaining(u -> shape.put(u.getKey(), "machine "
                    + u.getValue().path("machine").asText()));
        });
        shape.put("machines", String.valueOf(status.path("machines").size()));
        return shape;
    }
}
