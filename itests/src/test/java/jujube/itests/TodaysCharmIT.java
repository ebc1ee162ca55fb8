package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A charm of today's shape ({@code examples/charms/greeter}: charmcraft.yaml, dispatch, no revision), packed
 * as charmcraft packs it and deployed from its path onto container machines: every event goes through its
 * dispatch with Go juju 3's hook environment.
 */
@ResourceLock(ContainerMachines.LOCK)
class TodaysCharmIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    @AutoClose
    private Environment env;

    @Test
    void a_packed_charm_of_today_deploys_from_its_path_and_gets_its_events_through_dispatch() throws Exception {
        Path home = SCRATCH.make("jujube-today");
        Path packed = pack(Environment.EXAMPLES.resolve("greeter"), home.resolve("greeter_ubuntu-22.04-amd64.charm"));
        env = Environment.bootstrap(home, "today", "--machines", "container", "--placement", "unassigned");

        Distribution.Run deploy = env.run("deploy", packed.toString(), "-n", "2");
        assertEquals(0, deploy.exit(), deploy.err());
        assertEquals("warning: charm greeter: Jujube does not implement, and ignores: bases, parts\n", deploy.err());
        env.awaitUnits(Map.of("greeter/0", "started", "greeter/1", "started"));

        JsonNode service = env.status().path("services").path("greeter");
        assertEquals("local:precise/greeter-0", service.path("charm").asText(), "numbered by Jujube: no revision file");
        for (String unit : List.of("greeter/0", "greeter/1")) {
            String machine = service.path("units").path(unit).path("machine").asText();
            Environment.converging(unit + "'s peer hooks").until(() -> events(unit).stream()
                    .anyMatch(e -> e.startsWith("replicas-relation-changed ")));
            List<String> events = events(unit);
            assertTrue(events.get(0).startsWith("install version=3.1.8 model=today machine=" + machine
                    + " remote-app= remote-unit= leader="), events.get(0));
            // Go juju 3's setup: the peer relation's created, the first leadership hook, then config and start
            List<String> setup = events.subList(0, 5).stream().map(e -> e.split(" ")[0]).toList();
            String leadership = setup.get(2).equals("leader-elected") ? "leader-elected" : "leader-settings-changed";
            assertEquals(List.of("install", "replicas-relation-created", leadership, "config-changed", "start"), setup,
                    events.toString());
            assertTrue(events.stream().anyMatch(e -> e.startsWith("replicas-relation-joined version=3.1.8 model=today machine="
                    + machine + " remote-app=greeter remote-unit=greeter/")), events.toString());
            assertEquals("[\"8080/tcp\"]", env.status().path("services").path("greeter").path("units").path(unit)
                    .path("open-ports").toString());
        }

        // the leader published its greeting in the peer application bag; each unit reports it
        String[] leader = new String[1];
        Environment.converging("every unit reports the leader's greeting").until(() -> {
            JsonNode units = env.status().path("services").path("greeter").path("units");
            leader[0] = null;
            units.fields().forEachRemaining(u -> {
                if (u.getValue().path("leader").asBoolean(false)) {
                    leader[0] = u.getKey();
                }
            });
            return leader[0] != null && List.of("greeter/0", "greeter/1").stream().allMatch(u ->
                    units.path(u).path("workload-status").path("current").asText().equals("active")
                    && units.path(u).path("workload-status").path("message").asText().equals("Hello from " + leader[0]));
        });
        String follower = follower(leader[0]);
        String yaml = env.ok("status");
        assertTrue(yaml.contains("      " + leader[0] + ":\n        agent-state: started\n        leader: true\n"
                + "        workload-status:\n          current: active\n          message: Hello from " + leader[0]), yaml);
        assertTrue(yaml.contains("    application-status:\n      current: active\n      message: greeting set by "
                + leader[0]), yaml);
        JsonNode json = JSON.readTree(env.ok("status", "--format", "json")).path("services").path("greeter");
        assertEquals("active", json.path("application-status").path("current").asText(), json.toString());
        assertTrue(json.path("units").path(leader[0]).path("leader").asBoolean(false), json.toString());
        assertEquals("Hello from " + leader[0], json.path("units").path(follower(leader[0]))
                .path("workload-status").path("message").asText(), json.toString());
        String tabular = env.ok("status", "--format", "tabular");
        assertTrue(tabular.contains(leader[0] + "*  started  active"), tabular);
        assertTrue(tabular.contains("Hello from " + leader[0]), tabular);

        // the application bag: a peer reads its own application's, only the leader writes it
        String id = hookTool(follower, "relation-ids replicas").strip();
        assertEquals("Hello from " + leader[0] + "\n", hookTool(follower, "relation-get -r " + id + " --app greeting greeter"));
        Distribution.Run forged = env.run("exec", "--unit", follower, "--format", "json",
                "relation-set -r " + id + " --app greeting=forged");
        assertTrue((forged.out() + forged.err()).contains("relation-set: error: cannot write relation settings"),
                forged.out() + forged.err());
        assertEquals("Hello from " + leader[0] + "\n", hookTool(leader[0], "relation-get -r " + id + " --app greeting greeter"),
                "nothing was written");

        // update-status at the environment's interval, through dispatch like every event
        long before = events(follower).stream().filter(e -> e.startsWith("update-status ")).count();
        env.ok("set-env", "update-status-hook-interval=2s");
        Environment.converging("update-status every 2 s").until(() ->
                events(follower).stream().filter(e -> e.startsWith("update-status ")).count() >= before + 3);

        // a unit removed from a machine that lives on (machine 0, not made for it) takes its candidacy, which
        // the machine's session held, along: when the leader goes too, the unit left leads
        env.ok("deploy", packed.toString(), "solo");
        Environment.converging("solo/0 leads").until(() ->
                env.status().path("services").path("solo").path("units").path("solo/0").path("leader").asBoolean(false));
        env.ok("add-unit", "solo", "--to", "0");
        env.ok("add-unit", "solo");
        env.awaitUnits(Map.of("greeter/0", "started", "greeter/1", "started", "solo/0", "started", "solo/1", "started",
                "solo/2", "started"));
        env.ok("remove-unit", "solo/1");
        env.awaitUnits(Map.of("greeter/0", "started", "greeter/1", "started", "solo/0", "started", "solo/2", "started"));
        env.ok("remove-unit", "solo/0");
        Environment.converging("solo/2 leads, once solo/0 and solo/1 are gone").until(() -> {
            JsonNode units = env.status().path("services").path("solo").path("units");
            return units.size() == 1 && units.path("solo/2").path("leader").asBoolean(false)
                    && units.path("solo/2").path("workload-status").path("message").asText().equals("Hello from solo/2");
        });
    }

    private static String follower(String leader) {
        return leader.equals("greeter/0") ? "greeter/1" : "greeter/0";
    }

    /** What a hook tool prints, run in the unit's hook context by {@code jujube exec}. */
    private String hookTool(String unit, String command) throws Exception {
        JsonNode out = JSON.readTree(env.ok("exec", "--unit", unit, "--format", "json", command));
        JsonNode result = out.has("results") ? out.get("results").get(0) : out;
        assertEquals(0, result.path("exit-code").asInt(-1), result.toString());
        return result.path("stdout").asText();
    }

    /** The unit's events.log, which its dispatch writes, read through {@code jujube exec}. */
    private List<String> events(String unit) throws Exception {
        Distribution.Run run = env.run("exec", "--unit", unit, "--format", "json", "cat \"$CHARM_DIR/../events.log\"");
        JsonNode out = JSON.readTree(run.out());
        JsonNode result = out.has("results") ? out.get("results").get(0) : out;
        return result.path("stdout").asText().lines().toList();
    }

    /** Zips the charm's files at the archive's root, with their modes, as charmcraft pack does. */
    static Path pack(Path charm, Path archive) throws Exception {
        Process zip = new ProcessBuilder("python3", "-m", "zipfile", "-c", archive.toString(), "charmcraft.yaml", "dispatch")
                .directory(charm.toFile()).redirectErrorStream(true).start();
        String output = new String(zip.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(zip.waitFor(60, TimeUnit.SECONDS) && zip.exitValue() == 0, output);
        assertTrue(Files.size(archive) > 0);
        return archive;
    }
}
