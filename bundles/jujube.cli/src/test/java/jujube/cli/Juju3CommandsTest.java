package jujube.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import jujube.model.UnitName;
import jujube.state.Presence;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/** Juju 3's names (integrate, remove-application, config, model-config, show-unit) and wait-for. */
class Juju3CommandsTest extends CliFixture {
    @Test
    void integrate_and_remove_application_are_the_original_commands() {
        deploy("local:wordpress", "blog").assertOk();
        deploy("local:mysql").assertOk();
        assertEquals("Added mysql relation to all service units.\n", run("integrate", "blog", "mysql").assertOk().out());
        assertEquals(1, state.relations().list().size());
        assertEquals("jujube: Relation mysql already exists between 'blog' and 'mysql'", run("integrate", "mysql", "blog").assertFailure());
        assertEquals("Service 'blog' destroyed.\n", run("remove-application", "blog").assertOk().out());
        assertEquals(0, state.relations().list().size());
        assertEquals(1, state.services().list().size());
    }

    @Test
    void config_shows_one_or_every_option_and_sets_and_resets_them() throws Exception {
        deploy("local:wordpress", "blog").assertOk();
        assertEquals(run("get", "blog").assertOk().out(), run("config", "blog").assertOk().out());
        assertEquals("8080\n", run("config", "blog", "port").assertOk().out());
        assertEquals("Set port, title of service 'blog'\n", run("config", "blog", "port=80", "title=Mine").assertOk().out());
        assertEquals("80\n", run("config", "blog", "port").assertOk().out());
        assertEquals("Mine\n", run("config", "blog", "title").assertOk().out());
        assertEquals("Set title of service 'blog'\n", run("config", "blog", "--reset", "title").assertOk().out());
        assertEquals("Jujube blog\n", run("config", "blog", "title").assertOk().out());
        assertEquals(Map.of("port", 80L), Map.of("port", ((Number) state.services().config("blog").get("port")).longValue()));
        assertTrue(!state.services().config("blog").containsKey("title") || state.services().config("blog").get("title") == null);

        Map<String, String> before = snapshot();
        assertEquals("jujube: config option port: value \"eighty\" is not an int", run("config", "blog", "port=eighty").assertFailure());
        assertEquals("jujube: config option colour: no such option in the charm's config.yaml", run("config", "blog", "colour").assertFailure());
        assertEquals("jujube: config option colour: no such option in the charm's config.yaml",
                run("config", "blog", "--reset", "colour").assertFailure());
        Result two = run("config", "blog", "port", "title");
        assertEquals(2, two.code());
        assertTrue(two.err().startsWith("jujube: config shows one option at a time; to set options, give KEY=VALUE\n"), two.err());
        Result mixed = run("config", "blog", "port=1", "title");
        assertEquals(2, mixed.code());
        assertTrue(mixed.err().startsWith("jujube: invalid option assignment 'title': expected option=value\n"), mixed.err());
        assertEquals(before, snapshot());
    }

    @Test
    void model_config_is_get_env_and_set_env() {
        assertEquals(run("get-env").assertOk().out(), run("model-config").assertOk().out());
        run("model-config", "ftp-proxy=http://proxy:3128").assertOk();
        assertEquals("http://proxy:3128\n", run("model-config", "ftp-proxy").assertOk().out());
        assertEquals("http://proxy:3128\n", run("get-env", "ftp-proxy").assertOk().out());
        run("model-config", "--reset", "ftp-proxy").assertOk();
        assertEquals("jujube: model-config: the environment has no key 'ftp-proxy'", run("model-config", "ftp-proxy").assertFailure());
        assertEquals("jujube: set-env: environment key 'name' is read-only", run("model-config", "name=x").assertFailure());
    }

    @Test
    void show_unit_describes_one_unit_with_its_relations_and_related_units() throws Exception {
        deploy("local:wordpress", "blog").assertOk();
        deploy("local:mysql", "mysql", "-n", "2").assertOk();
        run("integrate", "blog", "mysql").assertOk();
        UnitName unit = UnitName.parse("blog/0");
        state.units().openPort(unit, new jujube.model.Port(80, "tcp"));
        String out = run("show-unit", "blog/0").assertOk().out();
        String relationId = state.relations().list().get(0).id();
        assertEquals("""
                blog/0:
                  service: blog
                  charm: local:precise/wordpress-3
                  life: alive
                  machine: 0
                  leader: false
                  agent-state: pending
                  workload-status:
                    current: waiting
                    message: waiting for machine
                    since: %s
                  opened-ports:
                  - 80/tcp
                  relation-info:
                  - relation-id: %s
                    endpoint: db
                    related-endpoint: db
                    interface: mysql
                    scope: global
                    related-units:
                    - mysql/0
                    - mysql/1
                """.formatted(state.unit(unit).workload().orElseThrow().status().since(), relationId), out);
        assertTrue(run("show-unit", "blog/0", "--format", "json").assertOk().out().contains("\"related-units\" : [ \"mysql/0\", \"mysql/1\" ]"));
        // as status shows it: a unit whose hook failed is in error, whatever its workload said before
        state.units().setWorkflowState(unit, "install_error", "hook install failed: exit code 1");
        String failed = run("show-unit", "blog/0").assertOk().out();
        assertTrue(failed.contains("  workload-status:\n    current: error\n    message: 'hook install failed: exit code 1'\n")
                || failed.contains("  workload-status:\n    current: error\n    message: \"hook install failed: exit code 1\"\n"), failed);
        assertEquals("jujube: unit blog/9 does not exist", run("show-unit", "blog/9").assertFailure());
        assertEquals("jujube: 'blog' is not a unit name <service>/<n>", run("show-unit", "blog").assertFailure());
    }

    @Test
    void wait_for_returns_at_once_when_the_condition_holds() {
        deploy("local:wordpress", "blog", "-n", "2").assertOk();
        assertEquals("service blog: units=2, started-units=0, exposed=false, application-status=waiting, life=alive\n",
                run("wait-for", "service", "blog", "--query", "units>=2 && exposed=false").assertOk().out());
        assertEquals("unit blog/9: life=dead\n", run("wait-for", "unit", "blog/9", "--query", "life=dead").assertOk().out());
        assertTrue(run("wait-for", "machine", "0", "--query", "units=2").assertOk().out().startsWith("machine 0: "));
    }

    @Test
    void wait_for_follows_the_watch_until_the_condition_holds() throws Exception {
        deploy("local:wordpress", "blog").assertOk();
        int before = connections();
        ExecutorService commands = Executors.newFixedThreadPool(3);
        try {
            Future<Result> units = commands.submit(
                    () -> run("wait-for", "service", "blog", "--query", "units=3", "--timeout", "30s"));
            Future<Result> started = commands.submit(() -> run("wait-for", "unit", "blog/0", "--query",
                    "agent-state=started && workload-status=unknown", "--timeout", "30s"));
            Future<Result> gone = commands.submit(
                    () -> run("wait-for", "unit", "blog/0", "--query", "life=dead", "--timeout", "30s"));
            // the changes below come once the three are connected, so they see them through their watches
            Awaitility.await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(20))
                    .until(() -> connections() >= before + 3);
            state.units().add("blog", 2, jujube.model.Placement.machine(0));
            assertEquals("service blog: units=3, started-units=0, exposed=false, application-status=waiting, life=alive\n",
                    units.get(30, TimeUnit.SECONDS).assertOk().out());
            UnitName unit = UnitName.parse("blog/0");
            try (Presence agent = state.units().connectAgent(unit)) {
                state.units().setWorkflowState(unit, "started");
                // as its agent says once started, the charm having said nothing
                state.units().setWorkloadStatus(unit, jujube.model.WorkloadStatus.unknown(java.time.Instant.now()), false);
                assertTrue(started.get(30, TimeUnit.SECONDS).assertOk().out().startsWith("unit blog/0: agent-state=started, "));
            }
            assertFalse(gone.isDone());
            state.units().remove(unit);
            assertEquals("unit blog/0: life=dead\n", gone.get(30, TimeUnit.SECONDS).assertOk().out());
        } finally {
            commands.shutdownNow();
        }
    }

    /** The connections ZooKeeper serves now, as its {@code srvr} command counts them (this probe's included). */
    private static int connections() throws IOException {
        try (Socket socket = new Socket("127.0.0.1", zk.getPort())) {
            socket.getOutputStream().write("srvr".getBytes(StandardCharsets.US_ASCII));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
            return answer.lines().filter(l -> l.startsWith("Connections: ")).mapToInt(l -> Integer.parseInt(l.substring(13).strip()))
                    .findFirst().orElseThrow(() -> new IOException("no connection count in: " + answer));
        }
    }

    @Test
    void wait_for_times_out_with_the_last_state_seen() {
        deploy("local:wordpress", "blog").assertOk();
        assertEquals("jujube: wait-for: timed out after 300ms waiting for unit blog/0 to match 'agent-state=started && leader=true';"
                + " last seen: agent-state=pending, workload-status=waiting, leader=false, machine=0, life=alive",
                run("wait-for", "unit", "blog/0", "--query", "agent-state=started && leader=true", "--timeout", "300ms")
                        .assertFailure());
    }

    @Test
    void a_bad_query_is_a_usage_error_naming_the_problem() {
        Map<String[], String> cases = new java.util.LinkedHashMap<>();
        cases.put(new String[] {"unit", "blog/0", "--query", "colour=red"},
                "--query: a unit has no key 'colour' (keys: agent-state, leader, life, machine, workload-status)");
        cases.put(new String[] {"unit", "blog/0", "--query", "agent-state>=started"},
                "--query: '>=' compares numbers; agent-state takes = or !=");
        cases.put(new String[] {"service", "blog", "--query", "units>=three"}, "--query: units is a number, not 'three'");
        cases.put(new String[] {"unit", "blog/0", "--query", "leader=yes"}, "--query: leader is true or false, not 'yes'");
        cases.put(new String[] {"unit", "blog/0", "--query", "life=dying"}, "--query: life is alive or dead, not 'dying'");
        cases.put(new String[] {"unit", "blog/0", "--query", "agent-state=started &&"},
                "--query: '' is not a condition KEY=VALUE (or != < <= > >=); clauses are joined by &&");
        cases.put(new String[] {"unit", "blog/0", "--query", "agent-state started"},
                "--query: 'agent-state started' is not a condition KEY=VALUE (or != < <= > >=); clauses are joined by &&");
        cases.put(new String[] {"unit", "blog/0", "--query", "units=1", "--timeout", "soon"},
                "--query: a unit has no key 'units' (keys: agent-state, leader, life, machine, workload-status)");
        cases.put(new String[] {"service", "blog", "--query", "units=1", "--timeout", "soon"},
                "--timeout must be a positive duration such as 30s, 5m, 1h or 500ms, got 'soon'");
        cases.put(new String[] {"service", "blog", "--query", "units=1", "--timeout", "25h"}, "--timeout: 25h is not within 1ms..24h");
        cases.put(new String[] {"relation", "x", "--query", "life=dead"}, "wait-for waits for a unit, service or machine, not 'relation'");
        cases.put(new String[] {"unit", "blog", "--query", "life=dead"}, "'blog' is not a unit name <service>/<n>");
        cases.put(new String[] {"machine", "x", "--query", "life=dead"}, "'x' is not a machine number");
        cases.forEach((args, message) -> {
            Result r = run("wait-for", args);
            assertEquals(2, r.code(), () -> String.join(" ", args) + ": " + r.err());
            assertEquals("jujube: " + message, r.err().lines().findFirst().orElse(""), String.join(" ", args));
        });
    }
}
