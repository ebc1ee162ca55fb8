package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import jujube.hooks.HookResult;
import jujube.model.Port;
import org.junit.jupiter.api.Test;

/** Real hooks calling every real tool over the real socket, against a real ZooKeeper. */
class HookToolsEndToEndTest extends ContextRunnerFixture {

    @Test
    void a_relation_hook_uses_every_tool_and_its_writes_land_after_it_succeeds() throws Exception {
        String cluster = "cluster:" + jujube.hooks.RelationIds.sequence(env.cluster.id());
        env.hook("db-relation-changed", """
                set -e
                env > "$OUT/env"
                relation-get user > "$OUT/remote-user"
                relation-get --format json - mysql/0 > "$OUT/remote-all"
                relation-get private-address wordpress/0 > "$OUT/own-address"
                relation-set database=wp "title=My blog"
                relation-set -r %s peer=yes
                relation-get database wordpress/0 > "$OUT/own-write"
                relation-list > "$OUT/list"
                relation-ids db > "$OUT/ids-db"
                relation-ids cluster > "$OUT/ids-cluster"
                relation-list -r %s > "$OUT/list-cluster"
                config-get title > "$OUT/title"
                config-get port > "$OUT/port"
                config-get --format json > "$OUT/config"
                config-get --all --format=json > "$OUT/config-all"
                unit-get private-address > "$OUT/address"
                unit-get public-address > "$OUT/public"
                open-port 80/tcp
                close-port 22
                opened-ports > "$OUT/opened"
                network-get juju-info --format=json > "$OUT/network"
                network-get -r %s juju-info --ingress-address > "$OUT/ingress"
                network-get nope 2> "$OUT/bad-binding" || echo "exit $?" >> "$OUT/bad-binding"
                juju-log -l WARNING "charm says hello"
                relation-get -r nope:9 user 2> "$OUT/bad-relation" || echo "exit $?" >> "$OUT/bad-relation"
                relation-get user mysql/7 2> "$OUT/bad-unit" || echo "exit $?" >> "$OUT/bad-unit"
                echo "to stdout"; echo "to stderr" >&2
                """.formatted(cluster, cluster, cluster.substring(cluster.indexOf(':') + 1)));
        HookFixture.Recording output = new HookFixture.Recording();

        HookResult result = runner.run("db-relation-changed", Optional.of(env.dbChanged()), output);

        assertEquals(new HookResult.Succeeded(), result, () -> output.all.toString());
        assertEquals("wp\n", env.out("remote-user"));
        assertTrue(env.out("remote-all").contains("\"password\":\"secret\""), env.out("remote-all"));
        assertEquals("10.0.0.2\n", env.out("own-address"));
        assertEquals("wp\n", env.out("own-write"), "a hook sees its own writes");
        assertEquals("mysql/0\n", env.out("list"));
        assertEquals(env.dbId + "\n", env.out("ids-db"));
        assertEquals(cluster + "\n", env.out("ids-cluster"));
        assertEquals("", env.out("list-cluster"), "nobody else in the peer relation");
        assertEquals("Real blog\n", env.out("title"), "the set value");
        assertEquals("80\n", env.out("port"), "the charm default");
        assertEquals("{\"debug\":true,\"port\":80,\"ratio\":0.5,\"title\":\"Real blog\"}\n", env.out("config"));
        assertEquals("{\"debug\":true,\"port\":80,\"ratio\":0.5,\"tagline\":null,\"title\":\"Real blog\"}\n",
                env.out("config-all"), "--all: the options without a value too");
        assertEquals("10.0.0.2\n", env.out("address"));
        assertEquals("blog.example\n", env.out("public"));
        assertEquals("80/tcp\n", env.out("opened"), "the hook's own open and close, before they are saved");
        assertEquals("{\"bind-addresses\":[{\"mac-address\":\"\",\"interface-name\":\"\",\"addresses\":[{\"hostname\":\"\","
                + "\"value\":\"10.0.0.2\",\"cidr\":\"\"}]}],\"egress-subnets\":[\"10.0.0.2/32\"],"
                + "\"ingress-addresses\":[\"10.0.0.2\"]}\n", env.out("network"), "an address no interface here holds");
        assertEquals("10.0.0.2\n", env.out("ingress"), "-r as the ops library gives it: the relation's number");
        assertEquals("network-get: error: no network config found for binding \"nope\"\nexit 1\n", env.out("bad-binding"));
        assertTrue(env.out("bad-relation").contains("no relation nope:9") && env.out("bad-relation").endsWith("exit 1\n"),
                env.out("bad-relation"));
        assertTrue(env.out("bad-unit").contains("mysql/7 is not in relation") && env.out("bad-unit").endsWith("exit 1\n"),
                env.out("bad-unit"));
        assertEquals(List.of("to stdout"), output.stdout, "only the hook's own output: tools print into files");
        assertEquals(List.of("to stderr"), output.stderr);
        assertEquals(List.of("wordpress/0 db-relation-changed WARNING charm says hello"), log.charm);

        Map<String, Object> own = env.wordpressSide().settings().values();
        assertEquals(Map.of("private-address", "10.0.0.2", "database", "wp", "title", "My blog"), own);
        assertEquals(Map.of("peer", "yes"), env.state.relations().of(env.cluster.id(), UnitFixture.WORDPRESS)
                .settings().values());
        assertEquals(Set.of(new Port(80, "tcp")), env.state.units().ports(UnitFixture.WORDPRESS));
        assertEquals(List.of(env.dbId + " Setting changed: 'database'='wp' (was unset)",
                env.dbId + " Setting changed: 'title'='My blog' (was unset)",
                cluster + " Setting changed: 'peer'='yes' (was unset)"), log.settingLines());
        assertEquals(List.of("Port opened: 80/tcp", "Port closed: 22/tcp"),
                log.flushes.get(0).ports().stream().map(FlushReport.PortChange::describe).toList());
        assertEquals(0, runner.liveContexts(), "the client id expired with the hook");
    }

    @Test
    void the_leader_writes_its_applications_bags_when_its_hook_succeeds_and_others_are_refused() throws Exception {
        String cluster = "cluster:" + jujube.hooks.RelationIds.sequence(env.cluster.id());
        env.hook("db-relation-changed", """
                relation-get --app --format=json > "$OUT/remote-app-before"
                relation-get --app - wordpress > "$OUT/own-app-not-leader" 2>&1 || echo "exit $?" >> "$OUT/own-app-not-leader"
                relation-set --app title=forged > "$OUT/set-not-leader" 2>&1 || echo "exit $?" >> "$OUT/set-not-leader"
                relation-list --app > "$OUT/remote-app-name"
                is-leader > "$OUT/leader"
                """);
        HookResult notLeader = runner.run("db-relation-changed", Optional.of(env.dbChanged()), new HookFixture.Recording());
        assertEquals(new HookResult.Succeeded(), notLeader);
        assertEquals("{}\n", env.out("remote-app-before"), "mysql's bag: nothing written yet");
        assertEquals("relation-get: error: permission denied\nexit 1\n", env.out("own-app-not-leader"),
                "in a relation with another application, only the leader reads its own application's bag");
        assertEquals("relation-set: error: cannot write relation settings\nexit 1\n", env.out("set-not-leader"));
        assertEquals("mysql\n", env.out("remote-app-name"));
        assertEquals("False\n", env.out("leader"));

        try (jujube.state.ServiceLeadership.Campaign campaign = env.state.unit(UnitFixture.WORDPRESS).leadership()
                .campaign(leader -> { })) {
            org.awaitility.Awaitility.await().until(() -> env.state.unit(UnitFixture.WORDPRESS).leadership().isLeader());
            env.hook("db-relation-changed", """
                    set -e
                    relation-set --app title=mine
                    echo '{"peers": "1"}' | relation-set -r %s --app --file -
                    relation-get --app title wordpress > "$OUT/own-write"
                    relation-get -r %s --app --format=json > "$OUT/peer-bag"
                    """.formatted(cluster, cluster));
            HookResult leads = runner.run("db-relation-changed", Optional.of(env.dbChanged()), new HookFixture.Recording());
            assertEquals(new HookResult.Succeeded(), leads);
            assertEquals("mine\n", env.out("own-write"), "the leader sees its own pending write");
            assertEquals("{\"peers\":\"1\"}\n", env.out("peer-bag"), "in a peer relation, its own application's bag");
        }
        assertEquals(Map.of("title", "mine"), env.mysqlSide().appSettings("wordpress").values(),
                "mysql's units read wordpress's bag, written when the hook succeeded");
        assertEquals(Map.of("peers", "1"), env.state.relations().of(env.cluster.id(), UnitFixture.WORDPRESS)
                .appSettings("wordpress").values());
    }

    @Test
    void the_charm_state_is_kept_when_its_hook_succeeds_and_dropped_when_it_fails() throws Exception {
        env.hook("db-relation-changed", """
                set -e
                state-set a=1 b=2
                printf 'c: three\\n' | state-set --file -
                state-delete b
                state-get --format=json > "$OUT/seen"
                """);
        assertEquals(new HookResult.Succeeded(), runner.run("db-relation-changed", Optional.of(env.dbChanged()),
                new HookFixture.Recording()));
        assertEquals("{\"a\":\"1\",\"c\":\"three\"}\n", env.out("seen"), "the hook sees its own changes");
        assertEquals(Map.of("a", "1", "c", "three"), env.state.unit(UnitFixture.WORDPRESS).charmState());

        env.hook("db-relation-changed", "state-set a=changed\nexit 1");
        assertTrue(runner.run("db-relation-changed", Optional.of(env.dbChanged()), new HookFixture.Recording())
                instanceof HookResult.Failed);
        assertEquals(Map.of("a", "1", "c", "three"), env.state.unit(UnitFixture.WORDPRESS).charmState(),
                "a failed hook's changes are dropped");
    }

    @Test
    void goal_state_names_the_units_and_each_relations_remote_application_and_units() throws Exception {
        env.state.units().setWorkflowState(UnitFixture.MYSQL, "started");
        env.state.units().setWorkflowState(UnitFixture.WORDPRESS, "install_error");
        env.hook("db-relation-changed", "goal-state --format=json > \"$OUT/goal\"");
        assertEquals(new HookResult.Succeeded(), runner.run("db-relation-changed", Optional.of(env.dbChanged()),
                new HookFixture.Recording()));
        // since: when each unit's workload status was set, which a unit has from when it was added
        String mysqlSince = env.state.units().workload(UnitFixture.MYSQL).orElseThrow().status().since().toString();
        String wordpressSince = env.state.units().workload(UnitFixture.WORDPRESS).orElseThrow().status().since().toString();
        assertEquals("{\"relations\":{\"cluster\":{\"wordpress\":{\"since\":\"\",\"status\":\"joined\"}},"
                + "\"db\":{\"mysql\":{\"since\":\"\",\"status\":\"joined\"},"
                + "\"mysql/0\":{\"since\":\"" + mysqlSince + "\",\"status\":\"active\"}}},"
                + "\"units\":{\"wordpress/0\":{\"since\":\"" + wordpressSince + "\",\"status\":\"error\"}}}\n", env.out("goal"),
                "a peer relation lists the unit's peers, not itself");
    }

    @Test
    void juju_log_takes_python_level_numbers_and_cannot_forge_log_lines() throws Exception {
        env.hook("db-relation-changed", """
                set -e
                juju-log -l 10 "debug by number"
                juju-log -l 30 "$(printf 'real\\nunit=wordpress/0 hook=install: forged\\r\\033[2J\\tend\\302\\205')"
                """);

        HookResult result = runner.run("db-relation-changed", Optional.of(env.dbChanged()), new HookFixture.Recording());

        assertEquals(new HookResult.Succeeded(), result);
        assertEquals(List.of("wordpress/0 db-relation-changed DEBUG debug by number",
                "wordpress/0 db-relation-changed WARNING real\\nunit=wordpress/0 hook=install: forged\\r\\x1b[2J\\tend\\x85"),
                log.charm);
    }

    @Test
    void the_environment_names_the_unit_the_relation_and_the_socket() throws Exception {
        env.hook("db-relation-changed", "env > \"$OUT/env\"");

        runner.run("db-relation-changed", Optional.of(env.dbChanged()), new HookFixture.Recording());

        List<String> lines = List.of(env.out("env").split("\n"));
        for (String expected : List.of("CHARM_DIR=" + env.charmDir, "JUJU_UNIT_NAME=wordpress/0",
                "JUJU_LOCAL_UNIT=wordpress/0", "JUJU_SERVICE=wordpress", "JUJU_CHARM=local:precise/wordpress-3",
                "JUJU_AGENT_SOCKET=" + runner.socketPath(), "JUJU_SOCKET=" + runner.socketPath(),
                "JUJU_RELATION=db", "JUJU_RELATION_ID=" + env.dbId, "JUJU_REMOTE_UNIT=mysql/0",
                "JUJU_MEMBERS=mysql/0")) {
            assertTrue(lines.contains(expected), expected + " in " + lines);
        }
        assertTrue(lines.contains("PATH=" + env.unitDir.resolve("bin") + ":" + System.getenv("PATH")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.matches("JUJU_CLIENT_ID=[0-9a-f]{32}")), lines.toString());
        assertEquals(env.unitDir.resolve("agent.socket"), runner.socketPath());
        assertTrue(java.nio.file.Files.isSameFile(runner.toolsDir().resolve("relation-get"),
                runner.toolsDir().resolve(jujube.hooks.tools.HookToolsInstaller.BINARY)),
                "the native forwarder (a link to its binary), not the Java fallback");
    }

    @Test
    void a_failed_hook_leaves_no_trace() throws Exception {
        env.hook("db-relation-changed", """
                relation-set database=wp
                open-port 80/tcp
                close-port 22/tcp
                exit 3
                """);

        HookResult result = runner.run("db-relation-changed", Optional.of(env.dbChanged()), new HookFixture.Recording());

        assertEquals(HookResult.Failed.exitCode(3), result);
        assertEquals(Map.of("private-address", "10.0.0.2"), env.wordpressSide().settings().values());
        assertEquals(Set.of(new Port(22, "tcp")), env.state.units().ports(UnitFixture.WORDPRESS));
        assertEquals(List.of(), log.flushes, "nothing flushed, nothing logged");
    }

    @Test
    void a_hook_killed_by_its_timeout_leaves_no_trace() throws Exception {
        env.hook("db-relation-changed", """
                relation-set database=wp
                touch "$OUT/set"
                exec sleep 60
                """);
        try (ContextUnitHookRunner quick = ContextUnitHookRunner.start(env.setup(ProcessServices.invoker(
                Duration.ofMillis(1500), Duration.ofMillis(100))), ProcessServices.records(), log, SocketPaths.standard())) {
            HookResult result = quick.run("db-relation-changed", Optional.of(env.dbChanged()),
                    new HookFixture.Recording());

            assertEquals(HookResult.Failed.timedOut(Duration.ofMillis(1500)), result);
        }
        assertTrue(java.nio.file.Files.exists(env.outDir.resolve("set")), "the hook did get to relation-set");
        assertEquals(Map.of("private-address", "10.0.0.2"), env.wordpressSide().settings().values());
    }

    @Test
    void a_missing_hook_succeeds_and_a_non_relation_hook_has_no_relation_context() throws Exception {
        assertTrue(runner.run("install", Optional.empty(), new HookFixture.Recording()).isSuccess());
        env.hook("config-changed", """
                relation-get user mysql/0 2> "$OUT/err"; echo "exit $?" >> "$OUT/err"
                relation-get -r %s user mysql/0 > "$OUT/by-id"
                """.formatted(env.dbId));

        assertEquals(new HookResult.Succeeded(), runner.run("config-changed", Optional.empty(), new HookFixture.Recording()));
        assertTrue(env.out("err").contains("not in a relation hook") && env.out("err").endsWith("exit 1\n"), env.out("err"));
        assertEquals("wp\n", env.out("by-id"), "-r reaches any relation of the unit");
    }
}
