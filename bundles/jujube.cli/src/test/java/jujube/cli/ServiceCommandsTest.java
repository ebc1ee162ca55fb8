package jujube.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import jujube.model.ResolvedMode;
import jujube.model.UnitName;
import jujube.model.UpgradeRequest;
import org.junit.jupiter.api.Test;

/** set, get, expose, unexpose, resolved and upgrade-charm. */
class ServiceCommandsTest extends CliFixture {
    private static final UnitName BLOG0 = UnitName.parse("blog/0");
    private static final UnitName BLOG1 = UnitName.parse("blog/1");

    @Test
    void set_converts_values_to_the_options_types_and_get_shows_them() throws Exception {
        deploy("local:wordpress", "blog").assertOk();
        run("set", "blog", "title=My blog", "port=80", "debug=true").assertOk();
        assertEquals(Map.of("title", "My blog", "port", 80, "debug", true), state.services().config("blog"));
        String get = run("get", "blog").assertOk().out();
        assertTrue(get.startsWith("service: blog\ncharm: local:precise/wordpress-3\nsettings:\n"), get);
        assertTrue(get.contains("  port:\n    description: The port the site listens on (opened with open-port).\n"
                + "    type: int\n    value: 80\n    default: 8080\n"), get);
        assertTrue(get.contains("  ratio:\n    description: \"Share of requests served from cache, between 0 and 1.\"\n"
                + "    type: float\n    value: 0.5\n    default: 0.5\n"), get);
        Path file = home.resolve("set.yaml");
        Files.writeString(file, "blog: {ratio: 0.25}\n");
        run("set", "blog", "--config", file.toString()).assertOk();
        assertEquals(0.25, state.services().config("blog").get("ratio"));
    }

    @Test
    void get_never_shows_the_value_of_an_option_named_like_a_credential() throws Exception {
        Path charm = Files.createDirectories(repository.resolve("precise/vault"));
        Files.writeString(charm.resolve("metadata.yaml"), "name: vault\nsummary: s\ndescription: d\n");
        Files.writeString(charm.resolve("revision"), "1\n");
        Files.writeString(charm.resolve("config.yaml"), "options:\n"
                + "  admin-password: {type: string, default: changeme, description: The administrator's password.}\n"
                + "  title: {type: string, default: Vault, description: A title.}\n");
        deploy("local:vault").assertOk();
        run("set", "vault", "admin-password=hunter2", "title=Mine").assertOk();
        assertEquals("hunter2", state.services().config("vault").get("admin-password"), "set as given");
        String get = run("get", "vault").assertOk().out();
        assertTrue(get.contains("    value: hidden (a credential)\n    default: hidden (a credential)\n"), get);
        assertTrue(get.contains("    value: Mine\n    default: Vault\n"), get);
        assertFalse(get.contains("hunter2") || get.contains("changeme"), get);
        assertFalse(run("get", "vault", "--format", "json").assertOk().out().contains("hunter2"));
    }

    @Test
    void set_refusals_change_nothing() throws Exception {
        deploy("local:wordpress", "blog").assertOk();
        Path file = home.resolve("set.yaml");
        Files.writeString(file, "blog: {ratio: 0.25}\n");
        Map<String, String> before = snapshot();
        Result both = run("set", "blog", "port=1", "--config", file.toString());
        assertEquals(2, both.code());
        assertTrue(both.err().startsWith("jujube: set takes option=value pairs or --config FILE, not both\nUsage: jujube set"),
                both.err());
        assertEquals(2, run("set", "blog").code());
        assertEquals(2, run("set", "blog", "port").code());
        assertTrue(run("set", "blog", "title=ok", "port=eighty").assertFailure().contains("eighty"));
        assertTrue(run("set", "blog", "colour=red").assertFailure().contains("colour"));
        assertEquals("jujube: service 'nosuch' does not exist", run("set", "nosuch", "a=b").assertFailure());
        assertEquals(before, snapshot());
    }

    @Test
    void set_env_changes_the_environment_configuration_and_get_env_shows_it() {
        assertEquals("automatically-retry-hooks: false (was unset)\nhttp-proxy: http://proxy:3128 (was unset)\n",
                run("set-env", "automatically-retry-hooks=false", "http-proxy=http://proxy:3128").assertOk().out());
        assertEquals("false\n", run("get-env", "automatically-retry-hooks").assertOk().out());
        assertTrue(run("get-env").assertOk().out().contains("http-proxy: http://proxy:3128\n"));
        assertEquals("http-proxy: unset (was http://proxy:3128)\nautomatically-retry-hooks: false (unchanged)\n",
                run("set-env", "http-proxy=", "automatically-retry-hooks=false").assertOk().out());
        assertEquals("jujube: get-env: the environment has no key 'http-proxy'", run("get-env", "http-proxy").assertFailure());
        assertEquals("jujube: set-env: environment key 'name' is read-only", run("set-env", "name=x").assertFailure());
        assertEquals("jujube: set-env: 'novalue' is not of the form key=value", run("set-env", "novalue").assertFailure());
    }

    @Test
    void set_env_refuses_unknown_keys_naming_the_known_ones_but_unsets_one_the_environment_holds() throws Exception {
        Map<String, String> before = snapshot();
        String known = " (known keys: automatically-retry-hooks, ftp-proxy, http-proxy, https-proxy, log-setting-values,"
                + " no-proxy, update-status-hook-interval)";
        assertEquals("jujube: set-env: unknown environment key 'colour'" + known,
                run("set-env", "http-proxy=x", "colour=red").assertFailure());
        assertEquals("jujube: set-env: unknown environment key 'htp-proxy'" + known, run("set-env", "htp-proxy=").assertFailure());
        assertEquals("jujube: set-env: log-setting-values: 'yes' is neither true nor false",
                run("set-env", "log-setting-values=yes").assertFailure());
        assertEquals(before, snapshot());
        // a key written by hand, or by an older version, can still be removed
        state.environmentConfig().set(Map.of("colour", "red"));
        assertEquals("colour: unset (was red)\n", run("set-env", "colour=").assertOk().out());
        assertEquals("jujube: set-env: unknown environment key 'colour'" + known, run("set-env", "colour=").assertFailure());
        assertEquals("log-setting-values: true (was unset)\n", run("model-config", "log-setting-values=true").assertOk().out());
    }

    @Test
    void set_env_refuses_bad_keys_and_values_before_writing_any() throws Exception {
        Map<String, String> before = snapshot();
        assertEquals("jujube: set-env: invalid environment key 'a b': lower-case words joined by '-'",
                run("set-env", "http-proxy=x", "a b=c").assertFailure());
        assertEquals("jujube: set-env: invalid environment key 'HTTP_PROXY': lower-case words joined by '-'",
                run("set-env", "HTTP_PROXY=x").assertFailure());
        assertEquals("jujube: set-env: environment key '" + "k".repeat(64) + "...' has 65 characters, more than the 64"
                + " a key may have", run("set-env", "k".repeat(65) + "=1").assertFailure());
        assertEquals("jujube: set-env: automatically-retry-hooks: 'maybe' is neither true nor false",
                run("set-env", "automatically-retry-hooks=maybe").assertFailure());
        assertEquals("jujube: set-env: automatically-retry-hooks: '7' is neither true nor false",
                run("set-env", "automatically-retry-hooks=7").assertFailure());
        assertEquals("jujube: set-env: update-status-hook-interval: 'often' is not a duration such as 30s, 5m or 1h",
                run("set-env", "update-status-hook-interval=often").assertFailure());
        assertEquals("jujube: set-env: update-status-hook-interval: '2h' is not between 1s and 1h",
                run("set-env", "update-status-hook-interval=2h").assertFailure());
        // a proxy reaches every hook's environment, where the kernel refuses a string over 128 KiB
        assertEquals("jujube: set-env: the value of 'http-proxy' has 200000 characters, more than the 4096 a value may have",
                run("set-env", "http-proxy=" + "p".repeat(200_000)).assertFailure());
        assertEquals("jujube: set-env: the value of 'no-proxy' holds control characters (a value is one line)",
                run("set-env", "no-proxy=localhost\nFORGED=1").assertFailure());
        assertEquals("jujube: set-env: environment key 'placement' is read-only", run("set-env", "placement=unassigned")
                .assertFailure());
        assertEquals(before, snapshot());
        run("set-env", "update-status-hook-interval=1m30s").assertOk();
        assertEquals(java.time.Duration.ofSeconds(90), jujube.state.EnvironmentConfig.updateStatusInterval(
                state.environmentConfig().get()));
    }

    @Test
    void text_that_did_not_decode_is_refused_and_nothing_is_changed() throws Exception {
        deploy("local:wordpress", "blog").assertOk();
        Map<String, String> before = snapshot();
        // what the JVM makes of bytes that are not UTF-8 on the command line (under the C locale, of any byte over 127)
        // (the message names the JVM's decoding of the command line, UTF-8 under a UTF-8 locale)
        String encoding = System.getProperty("sun.jnu.encoding");
        // (argument 5: the fixture runs "set -e ENV blog title=...")
        String error = run("set", "blog", "title=caf\uFFFD").assertFailure();
        assertTrue(error.startsWith("jujube: argument 5 ('title=caf?') is not " + encoding + " text (character 10 did not"
                + " decode)"), error);
        error = run("set", "blog", "title=a\uD800").assertFailure();
        assertTrue(error.startsWith("jujube: argument 5 ('title=a?') is not " + encoding + " text (character 8 did not"
                + " decode)"), error);
        Path latin1 = home.resolve("latin1.yaml");
        Files.write(latin1, "blog:\n  title: caf\u00e9\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        assertEquals("jujube: config file " + latin1 + " is not UTF-8 text", run("set", "blog", "--config", latin1.toString())
                .assertFailure());
        assertEquals(before, snapshot());
        run("set", "blog", "title=caf\u00e9 \uD83C\uDF70").assertOk();
        assertEquals("caf\u00e9 \uD83C\uDF70", state.services().config("blog").get("title"));
    }

    @Test
    void a_config_file_is_checked_before_it_is_read() throws Exception {
        deploy("local:wordpress", "blog").assertOk();
        Path large = home.resolve("large.yaml");
        try (java.io.RandomAccessFile file = new java.io.RandomAccessFile(large.toFile(), "rw")) {
            file.setLength((4 << 20) + 1);
        }
        Map<String, String> before = snapshot();
        assertEquals("jujube: config file /dev/zero is not a regular file", run("set", "blog", "--config", "/dev/zero")
                .assertFailure());
        assertEquals("jujube: config file " + large + " is 4194305 bytes, larger than the 4194304 bytes a config file may be",
                run("set", "blog", "--config", large.toString()).assertFailure());
        assertEquals(before, snapshot());
    }

    @Test
    void expose_and_unexpose_are_idempotent() {
        deploy("local:wordpress", "blog").assertOk();
        assertEquals("Service 'blog' was exposed.\n", run("expose", "blog").assertOk().out());
        assertEquals("Service 'blog' was already exposed.\n", run("expose", "blog").assertOk().out());
        assertTrue(state.services().isExposed("blog"));
        assertEquals("Service 'blog' was unexposed.\n", run("unexpose", "blog").assertOk().out());
        assertEquals("Service 'blog' was not exposed.\n", run("unexpose", "blog").assertOk().out());
        assertEquals("jujube: service 'nosuch' does not exist", run("expose", "nosuch").assertFailure());
    }

    @Test
    void resolved_needs_an_error_state() throws Exception {
        deploy("local:wordpress", "blog").assertOk();
        deploy("local:mysql").assertOk();
        run("add-relation", "blog", "mysql").assertOk();
        Map<String, String> before = snapshot();
        assertEquals("jujube: Service unit 'blog/0' is not in an error state (pending)", run("resolved", "blog/0").assertFailure());
        assertEquals("jujube: Service unit 'blog/0' has no relation 'website'", run("resolved", "blog/0", "website").assertFailure());
        assertEquals("jujube: Service unit 'blog/0' has no 'db' relation in an error state", run("resolved", "blog/0", "db").assertFailure());
        assertEquals(before, snapshot());

        state.units().setWorkflowState(BLOG0, "install_error");
        assertEquals("Marked unit 'blog/0' as resolved (retrying its hook)\n", run("resolved", "blog/0", "--retry").assertOk().out());
        assertEquals(Optional.of(ResolvedMode.RETRY_HOOK), state.units().flags(BLOG0).resolved());
        assertEquals("jujube: Service unit 'blog/0' is already marked as resolved", run("resolved", "blog/0").assertFailure());

        String relation = state.relations().list().get(0).id();
        state.units().setRelationWorkflowState(BLOG0, relation, "error");
        run("resolved", "blog/0", "db").assertOk();
        assertEquals(Map.of(relation, ResolvedMode.NO_HOOK), state.units().flags(BLOG0).relationResolved());
    }

    @Test
    void resolved_reset_state_is_for_a_unit_whose_local_state_is_corrupt_and_only_for_it() throws Exception {
        deploy("local:wordpress", "blog").assertOk();
        state.units().setWorkflowState(BLOG0, "install_error", "hook install failed: exit code 1");
        Map<String, String> before = snapshot();
        assertEquals("jujube: Service unit 'blog/0' has no corrupt local state to reset (install_error)",
                run("resolved", "--reset-state", "blog/0").assertFailure());
        assertEquals(before, snapshot());
        Result usage = run("resolved", "--reset-state", "blog/0", "db");
        assertEquals(2, usage.code());
        assertTrue(usage.err().startsWith("jujube: --reset-state resets the unit's local state as a whole: no RELATION, "
                + "no --retry"), usage.err());
        assertEquals(2, run("resolved", "--reset-state", "--retry", "blog/0").code());

        state.units().setWorkflowState(BLOG0, "local_state_error", "state/unit.json: not valid JSON");
        before = snapshot();
        assertEquals("jujube: Service unit 'blog/0' has corrupt local state: reset it with jujube resolved "
                + "--reset-state blog/0", run("resolved", "blog/0", "--retry").assertFailure());
        assertEquals(before, snapshot());
        assertEquals("Marked unit 'blog/0' for a reset of its local state\n",
                run("resolved", "--reset-state", "blog/0").assertOk().out());
        assertEquals(Optional.of(ResolvedMode.RESET_STATE), state.units().flags(BLOG0).resolved());
        assertEquals("jujube: Service unit 'blog/0' is already marked as resolved",
                run("resolved", "--reset-state", "blog/0").assertFailure());
    }

    @Test
    void upgrade_charm_bumps_a_changed_directory_and_flags_every_unit() throws Exception {
        deploy("local:wordpress", "blog", "-n", "2").assertOk();
        state.units().setWorkflowState(BLOG0, "started");
        state.units().setWorkflowState(BLOG1, "started");
        assertEquals("Service 'blog' already runs the latest charm local:precise/wordpress-3\n",
                run("upgrade-charm", "blog", "--repository", repository.toString()).assertOk().out());
        Path hook = repository.resolve("precise/wordpress/hooks/install");
        Files.writeString(hook, Files.readString(hook) + "\n# changed\n");
        Map<String, String> before = snapshot();
        assertEquals("Service 'blog' would be upgraded from charm local:precise/wordpress-3 to local:precise/wordpress-4\n",
                run("upgrade-charm", "blog", "--dry-run", "--repository", repository.toString()).assertOk().out());
        assertEquals(before, snapshot());
        assertEquals("3\n", Files.readString(repository.resolve("precise/wordpress/revision")));

        run("upgrade-charm", "blog", "--force", "--repository", repository.toString()).assertOk();
        assertEquals("4\n", Files.readString(repository.resolve("precise/wordpress/revision")));
        assertEquals("local:precise/wordpress-4", state.services().get("blog").charmId());
        assertEquals(Optional.of(new UpgradeRequest(true)), state.units().flags(BLOG0).upgrade());
        assertEquals(Optional.of(new UpgradeRequest(true)), state.units().flags(UnitName.parse("blog/1")).upgrade());

        Files.writeString(hook, Files.readString(hook) + "\n# changed again\n");
        Map<String, String> flagged = snapshot();
        assertEquals("jujube: Service unit 'blog/0' already has an upgrade scheduled",
                run("upgrade-charm", "blog", "--repository", repository.toString()).assertFailure());
        assertEquals(flagged, snapshot());
    }

    @Test
    void upgrade_charm_refuses_a_unit_in_an_error_state_unless_forced() throws Exception {
        deploy("local:wordpress", "blog", "-n", "2").assertOk();
        state.units().setWorkflowState(BLOG0, "started");
        state.units().setWorkflowState(BLOG1, "install_error");
        Path hook = repository.resolve("precise/wordpress/hooks/install");
        Files.writeString(hook, Files.readString(hook) + "\n# changed\n");
        Map<String, String> before = snapshot();

        assertEquals("jujube: Cannot upgrade: unit is in non-started state install_error: blog/1 (resolve it first, or use"
                + " --force to replace the charm of a unit in an error state without running its upgrade-charm hook)",
                run("upgrade-charm", "blog", "--repository", repository.toString()).assertFailure());
        assertEquals(before, snapshot(), "nothing changed");
        assertEquals("3\n", Files.readString(repository.resolve("precise/wordpress/revision")));

        assertEquals("Service 'blog' upgraded from charm local:precise/wordpress-3 to local:precise/wordpress-4\n"
                + "Unit 'blog/1' (install_error): charm will be replaced without running the upgrade-charm hook\n",
                run("upgrade-charm", "blog", "--force", "--repository", repository.toString()).assertOk().out());
        assertEquals("local:precise/wordpress-4", state.services().get("blog").charmId());
        assertEquals(Optional.of(new UpgradeRequest(true)), state.units().flags(BLOG0).upgrade());
        assertEquals(Optional.of(new UpgradeRequest(true)), state.units().flags(BLOG1).upgrade());
    }

    @Test
    void upgrade_charm_brings_units_left_behind_to_their_services_charm() throws Exception {
        deploy("local:wordpress", "blog", "-n", "2").assertOk();
        state.units().setWorkflowState(BLOG0, "started");
        state.units().setWorkflowState(BLOG1, "started");
        Path hook = repository.resolve("precise/wordpress/hooks/install");
        Files.writeString(hook, Files.readString(hook) + "\n# changed\n");
        run("upgrade-charm", "blog", "--repository", repository.toString()).assertOk();
        // as an agent that dropped the request leaves it: flag gone, the unit on the old charm
        state.units().clearUpgrade(BLOG0);
        state.units().clearUpgrade(BLOG1);
        state.units().setCharm(BLOG0, "local:precise/wordpress-4");
        state.units().setWorkflowState(BLOG1, "configure_error");
        Map<String, String> before = snapshot();

        assertEquals("jujube: Cannot upgrade: unit is in non-started state configure_error: blog/1 (resolve it first, or"
                + " use --force to replace the charm of a unit in an error state without running its upgrade-charm hook)",
                run("upgrade-charm", "blog", "--repository", repository.toString()).assertFailure());
        assertEquals(before, snapshot(), "nothing changed");
        assertEquals("Service 'blog' runs charm local:precise/wordpress-4 already; its units were behind\n"
                + "Unit 'blog/1' (configure_error): charm will be replaced without running the upgrade-charm hook\n",
                run("upgrade-charm", "blog", "--force", "--repository", repository.toString()).assertOk().out());
        assertEquals(Optional.empty(), state.units().flags(BLOG0).upgrade(), "blog/0 runs the service's charm");
        assertEquals(Optional.of(new UpgradeRequest(true)), state.units().flags(BLOG1).upgrade());
        assertEquals("jujube: Service unit 'blog/1' already has an upgrade scheduled",
                run("upgrade-charm", "blog", "--force", "--repository", repository.toString()).assertFailure());
        state.units().clearUpgrade(BLOG1);
        state.units().setCharm(BLOG1, "local:precise/wordpress-4"); // as its agent does once the charm is in place
        assertEquals("Service 'blog' already runs the latest charm local:precise/wordpress-4\n",
                run("upgrade-charm", "blog", "--repository", repository.toString()).assertOk().out());
    }

    @Test
    void deploy_upgrade_publishes_a_changed_directory_as_a_new_revision() throws Exception {
        deploy("local:mysql").assertOk();
        Path hook = repository.resolve("precise/mysql/hooks/install");
        Files.writeString(hook, Files.readString(hook) + "\n# changed\n");
        assertTrue(deploy("local:mysql", "db2").assertOk().out().startsWith("Using local:precise/mysql-1 as published before"));
        assertEquals("local:precise/mysql-1", state.services().get("db2").charmId());
        deploy("local:mysql", "db3", "--upgrade").assertOk();
        assertEquals("local:precise/mysql-2", state.services().get("db3").charmId());
        assertEquals("2\n", Files.readString(repository.resolve("precise/mysql/revision")));
    }
}
