package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * An operator's whole session on one environment, step by step (each step builds on the last): deploy,
 * add-unit, relate, set, remove-unit, a failed hook resolved, upgrade-charm, destroy-service. Every step
 * is checked where the operator would look: {@code status}, and the charms' own traces ({@code hook.log},
 * the files they write) or the machine agent's log of hook runs once a unit's directory is gone.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LifecycleIT {
    /** Polls every 50 ms; what the test's own threads throw meanwhile is not the awaited condition. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(50));

    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    private Path home;
    @AutoClose // destroys the environment after the class's tests
    private Environment env;
    private TestCharms charms;

    @BeforeAll
    void bootstrap() throws Exception {
        home = SCRATCH.make("jujube-lifecycle");
        env = Environment.bootstrap(home, "local");
        charms = new TestCharms(home.resolve("repository"));
        // deployed first: its install fails until the unit is "fixed"; its error shows at once and the
        // agent's automatic retries (5 s, 10 s, 20 s ...) run in the background while the other steps do
        charms.write("flaky", 1, "", Map.of(
                "install", TestCharms.logs("install") + "\ntest -f \"$unit_dir/fixed\"",
                "start", TestCharms.logs("start")));
        env.ok("deploy", "--repository", charms.repository().toString(), "local:flaky");
    }

    @Test
    @Order(1)
    void deploy_runs_install_config_changed_start() throws Exception {
        env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:mysql");
        env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:wordpress", "blog");
        env.awaitUnits(Map.of("flaky/0", "install-error", "mysql/0", "started", "blog/0", "started"));
        assertEquals(List.of("install -", "config-changed - port=8080", "start - port=8080"), env.hookLog("blog/0"));
        assertEquals("local:precise/mysql-1", env.status().path("services").path("mysql").path("charm").asText());
        // bin/jujube-agent enables the foreign function interface on JDK 17: jujube.hooks.posixspawn's spawner,
        // ranked above the JDK's, starts the hooks
        assertTrue(env.machineLog(0).contains("hooks are started by the posix_spawn spawner"),
                "machine 0 starts hooks with posix_spawn");
    }

    @Test
    @Order(2)
    void add_unit_starts_another_unit() throws Exception {
        env.ok("add-unit", "blog");
        env.awaitUnits(Map.of("flaky/0", "install-error", "mysql/0", "started", "blog/0", "started", "blog/1", "started"));
    }

    @Test
    @Order(3)
    void relating_exchanges_settings_with_every_unit() throws Exception {
        env.ok("add-relation", "blog", "mysql");
        for (String blog : List.of("blog/0", "blog/1")) {
            env.awaitHookLine(blog, "db-relation-changed mysql/0 ready");
            assertEquals(1, env.count(blog, "db-relation-joined mysql/0"));
            assertTrue(Files.readString(env.unitDir(blog).resolve("db.conf")).contains("user=blog"));
            env.awaitHookLine("mysql/0", "db-relation-changed " + blog + " ready=true");
            assertEquals(1, env.count("mysql/0", "db-relation-joined " + blog + " database=blog"));
        }
        assertEquals("[\"mysql\"]", env.status().path("services").path("blog").path("relations").path("db").toString());
    }

    @Test
    @Order(4)
    void set_runs_config_changed_with_the_new_value() throws Exception {
        env.ok("set", "blog", "title=Lifecycle test", "port=8081");
        for (String blog : List.of("blog/0", "blog/1")) {
            Path conf = env.unitDir(blog).resolve("wordpress.conf");
            POLLING.await(blog + " wordpress.conf with the new title").atMost(Environment.CONVERGE)
                    .untilAsserted(() -> assertTrue(() -> Environment.lines(conf).contains("title=Lifecycle test"),
                            () -> "last seen: " + Environment.lines(conf).toString()));
        }
        assertTrue(env.ok("get", "blog").contains("Lifecycle test"));
        POLLING.await("port 8081 open").atMost(Environment.CONVERGE)
                .until(() -> env.status().path("services").path("blog")
                .path("units").path("blog/1").path("open-ports").toString().equals("[\"8081/tcp\"]"));
        assertEquals("started", env.unitStates().get("blog/1"));
    }

    @Test
    @Order(5)
    void remove_unit_runs_its_stop_hook_and_departs_its_relations() throws Exception {
        env.ok("remove-unit", "blog/1");
        env.awaitHookLine("mysql/0", "db-relation-departed blog/1");
        POLLING.await("blog/1's directory removed").atMost(Environment.CONVERGE)
                .until(() -> !Files.exists(env.unitDir("blog/1")));
        // the charm's own trace went with the directory: the machine agent's log of hook runs remains
        String log = env.machineLog(0);
        int departed = log.indexOf("unit=blog/1 hook=db-relation-departed: succeeded");
        int broken = log.indexOf("unit=blog/1 hook=db-relation-broken: succeeded");
        int stop = log.indexOf("unit=blog/1 hook=stop: succeeded");
        // Go juju's order: each remote unit departs, then the relation breaks, then the unit stops
        assertTrue(departed >= 0 && departed < broken && broken < stop,
                "departed " + departed + ", broken " + broken + ", stop " + stop);
        assertFalse(env.unitStates().containsKey("blog/1"));
        assertEquals("started", env.unitStates().get("blog/0"));
    }

    @Test
    @Order(6)
    void a_failed_install_is_resolved_by_retrying_its_hook() throws Exception {
        env.awaitUnits(Map.of("flaky/0", "install-error", "mysql/0", "started", "blog/0", "started"));
        POLLING.await("an automatic retry of install").atMost(Environment.CONVERGE)
                .untilAsserted(() -> assertTrue(() -> env.count("flaky/0", "install -") >= 2,
                        () -> "last seen: " + env.hookLog("flaky/0").toString()));
        assertTrue(flakyInfo().startsWith("hook install failed") && flakyInfo().contains(" at "), flakyInfo());
        Distribution.Run early = env.run("resolved", "blog/0");
        assertEquals(1, early.exit(), "a started unit has nothing to resolve");

        // retries off, so that none races the operator's resolved
        env.ok("set-env", "automatically-retry-hooks=false");
        POLLING.await("the agent saw retries turned off").atMost(Environment.CONVERGE)
                .untilAsserted(() -> assertTrue(() -> flakyInfo().contains("automatic retries are off"),
                        () -> "last seen: " + flakyInfo()));
        long runs = env.count("flaky/0", "install -");
        Files.createFile(env.unitDir("flaky/0").resolve("fixed"));
        env.ok("resolved", "--retry", "flaky/0");
        env.awaitHookLine("flaky/0", "start -");
        env.awaitUnits(Map.of("flaky/0", "started", "mysql/0", "started", "blog/0", "started"));
        assertEquals(runs + 1, env.count("flaky/0", "install -"), "retried once more, by resolved --retry");
        assertEquals("", flakyInfo());
        env.ok("set-env", "automatically-retry-hooks=true");
    }

    private String flakyInfo() {
        return env.status().path("services").path("flaky").path("units").path("flaky/0").path("agent-state-info")
                .asText();
    }

    @Test
    @Order(7)
    void upgrade_charm_runs_the_upgrade_hook_of_the_new_revision() throws Exception {
        charms.write("flaky", 2, "", Map.of(
                "install", TestCharms.logs("install"),
                "start", TestCharms.logs("start"),
                "upgrade-charm", "echo \"upgrade-charm - revision=$(cat \"$CHARM_DIR/revision\")\" >> \"$unit_dir/hook.log\""));
        env.ok("upgrade-charm", "--repository", charms.repository().toString(), "flaky");
        env.awaitHookLine("flaky/0", "upgrade-charm - revision=2");
        POLLING.await("status shows revision 2").atMost(Environment.CONVERGE)
                .until(() -> env.status().path("services").path("flaky")
                .path("charm").asText().equals("local:precise/flaky-2"));
        assertEquals("started", env.unitStates().get("flaky/0"));
        assertEquals(1, env.count("flaky/0", "upgrade-charm - revision=2"));
    }

    @Test
    @Order(8)
    void destroy_service_stops_its_units_and_breaks_its_relations() throws Exception {
        env.ok("destroy-service", "mysql");
        env.awaitHookLine("blog/0", "db-relation-broken -");
        POLLING.await("mysql/0's directory removed").atMost(Environment.CONVERGE)
                .until(() -> !Files.exists(env.unitDir("mysql/0")));
        assertTrue(env.machineLog(0).contains("unit=mysql/0 hook=stop: succeeded"), "stop hook ran");
        // one removal order for every command, as remove-unit's and Go juju's: departed, then broken, then stop
        List<String> blog = env.hookLog("blog/0");
        int departed = lastIndexStarting(blog, "db-relation-departed mysql/0");
        assertTrue(departed >= 0 && departed < lastIndexStarting(blog, "db-relation-broken"), blog.toString());
        String log = env.machineLog(0);
        int mysqlDeparted = log.indexOf("unit=mysql/0 hook=db-relation-departed");
        int mysqlBroken = log.indexOf("unit=mysql/0 hook=db-relation-broken");
        assertTrue(mysqlDeparted >= 0 && mysqlDeparted < mysqlBroken && mysqlBroken < log.indexOf("unit=mysql/0 hook=stop"),
                "mysql/0: departed, broken, stop");
        assertFalse(Files.exists(env.unitDir("blog/0").resolve("db.conf")), "credentials forgotten");
        assertFalse(env.status().path("services").has("mysql"));
        assertEquals(0, env.status().path("services").path("blog").path("relations").size());
        env.awaitUnits(Map.of("flaky/0", "started", "blog/0", "started"));
    }

    @Test
    @Order(9)
    void machine_0_cannot_be_terminated() throws Exception {
        Distribution.Run refused = env.run("terminate-machine", "0");
        assertEquals(1, refused.exit());
        assertTrue(refused.err().contains("Cannot terminate machine 0"), refused.err());
    }

    private static int lastIndexStarting(List<String> lines, String prefix) {
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (lines.get(i).startsWith(prefix)) {
                return i;
            }
        }
        return -1;
    }
}
