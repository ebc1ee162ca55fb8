package jujube.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.net.ServerSocket;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line itself: usage, misspelt commands, options inherited by every command. */
class MainTest {
    private static final List<String> COMMANDS = List.of("bootstrap", "destroy-environment", "deploy", "add-unit",
            "remove-unit", "add-relation", "remove-relation", "destroy-service", "expose", "unexpose", "set", "get",
            "set-env", "get-env", "resolved", "upgrade-charm", "add-machine", "terminate-machine", "debug-log", "status",
            "status-history", "ssh", "scp", "exec", "run", "show-task", "operations", "actions", "cancel-task", "debug-hooks",
            "export-bundle", "config", "model-config", "show-unit", "wait-for", "upgrade-agents", "version");

    @TempDir
    Path home;

    record Result(int code, String out, String err) {}

    private Result run(String... args) {
        System.setProperty("jujube.home", home.toString());
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(code, out.toString(), err.toString());
    }

    @AfterEach
    void clearHome() {
        System.clearProperty("jujube.home");
    }

    @Test
    void a_command_against_an_environment_whose_controller_died_says_so_instead_of_guessing() throws Exception {
        // an environment as bootstrap leaves it, but nothing listens on its port and its controller is gone
        Path dir = home.resolve("environments").resolve("dead");
        Files.createDirectories(dir.resolve("pids"));
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Files.writeString(dir.resolve("environment.yaml"),
                "name: dead\nprovider: local\nzookeeper-port: " + port + "\nplacement: local\n");
        adminCredentials(dir);
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Files.writeString(dir.resolve("pids").resolve("controller.pid"), gone.pid() + "\n");

        Result r = run("status", "-e", "dead");

        assertEquals(1, r.code());
        assertEquals("jujube: environment 'dead' exists but its controller is not running (logs in "
                + dir.resolve("logs") + "); 'jujube bootstrap' restarts it, 'jujube destroy-environment' removes it",
                r.err().strip());
    }

    @Test
    void bootstrap_starts_no_second_controller_while_the_supervisor_starts_it_again() throws Exception {
        Path dir = home.resolve("environments").resolve("restarting");
        Files.createDirectories(dir.resolve("pids"));
        Files.writeString(dir.resolve("environment.yaml"),
                "name: restarting\nprovider: local\nzookeeper-port: 1\nplacement: local\n");
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Files.writeString(dir.resolve("pids").resolve("controller.pid"), gone.pid() + "\n");
        // a live process of the environment (its command line names the directory) recorded as the supervisor
        Process supervisor = new ProcessBuilder("sh", "-c", "sleep 60; true", dir.toString()).start();
        try {
            Files.writeString(dir.resolve("pids").resolve("controller-supervisor.pid"), supervisor.pid() + "\n");

            Result r = run("bootstrap", "-e", "restarting");

            assertEquals(0, r.code(), r.err());
            assertEquals("jujube: environment 'restarting' already bootstrapped (its supervisor is starting the controller"
                    + " again)", r.err().strip());
            assertEquals(gone.pid() + "\n", Files.readString(dir.resolve("pids").resolve("controller.pid")), "nothing started");
        } finally {
            supervisor.destroyForcibly().waitFor();
        }
    }

    @Test
    void bootstrap_leaves_alone_an_environment_whose_controller_it_did_not_start() throws Exception {
        // an environment on an external ensemble, its controller started by hand: no pid file records it
        Path dir = home.resolve("environments").resolve("ensemble");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("environment.yaml"),
                "name: ensemble\nprovider: local\nzookeeper: 127.0.0.1:1\nplacement: local\n");

        Result r = run("bootstrap", "-e", "ensemble");

        assertEquals(1, r.code());
        assertEquals("jujube: environment 'ensemble' exists but bootstrap did not start its controller (no "
                + dir.resolve("pids").resolve("controller.pid") + "): start it with bin/jujube-agent controller", r.err().strip());
        assertFalse(Files.exists(dir.resolve("pids")), "nothing started");
    }

    @Test
    void without_a_recorded_controller_an_unreachable_environment_is_reported_after_the_wait() throws Exception {
        Path dir = home.resolve("environments").resolve("away");
        Files.createDirectories(dir);
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Files.writeString(dir.resolve("environment.yaml"),
                "name: away\nprovider: local\nzookeeper-port: " + port + "\nplacement: local\n");
        adminCredentials(dir);

        Result r = run("status", "-e", "away");

        assertEquals(1, r.code());
        assertEquals("jujube: environment 'away' is down: nothing listens at 127.0.0.1:" + port
                + "; is its controller running? (logs in " + dir.resolve("logs") + ")", r.err().strip());
    }

    @Test
    void a_server_that_accepts_connections_but_serves_no_session_is_told_apart_from_one_that_is_down() throws Exception {
        Path dir = home.resolve("environments").resolve("full");
        Files.createDirectories(dir);
        // as ZooKeeper does to an address over its connection limit: each connection accepted, then closed
        try (ServerSocket closing = new ServerSocket(0)) {
            Thread acceptor = jujube.lib.threads.Threads.startDaemon("test-closing-acceptor", () -> {
                while (!closing.isClosed()) {
                    try {
                        closing.accept().close();
                    } catch (java.io.IOException e) {
                        return;
                    }
                }
            });
            Files.writeString(dir.resolve("environment.yaml"),
                    "name: full\nprovider: local\nzookeeper-port: " + closing.getLocalPort() + "\nplacement: local\n");
            adminCredentials(dir);

            Result r = run("status", "-e", "full");

            assertEquals(1, r.code());
            assertEquals("jujube: environment 'full' at 127.0.0.1:" + closing.getLocalPort() + " accepts connections but"
                    + " gives this command no session: too many connections from this host, or not its ZooKeeper? (logs in "
                    + dir.resolve("logs") + ")", r.err().strip());
            closing.close();
            acceptor.join();
        }
    }

    @Test
    void credentials_the_environments_zookeeper_refuses_are_not_authorized() throws Exception {
        System.setProperty("zookeeper.authProvider.jujube", "jujube.zookeeper.auth.GroupAuthenticationProvider");
        try (org.apache.curator.test.TestingServer zk = new org.apache.curator.test.TestingServer(true)) {
            jujube.state.ConnectionConfig config = jujube.state.ConnectionConfig.of(zk.getConnectString())
                    .withCredentials(List.of(jujube.access.Credential.generate(jujube.access.Credential.ADMIN)));
            try (jujube.state.StateConnection owner = jujube.state.curator.StateConnections.open(config)) {
                owner.awaitConnected(java.time.Duration.ofSeconds(10));
                owner.initialize(new jujube.state.EnvironmentSettings("other", "local", "local", "local-0"));
            }
            Path dir = home.resolve("environments").resolve("other");
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("environment.yaml"),
                    "name: other\nprovider: local\nzookeeper-port: " + zk.getPort() + "\nplacement: local\n");
            adminCredentials(dir); // not the administrator's who made it

            Result r = run("status", "-e", "other");

            assertEquals(1, r.code());
            assertTrue(r.err().startsWith("jujube: not authorized"), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
        }
    }

    @Test
    void bootstrap_refuses_a_zookeeper_address_not_of_this_host_or_one_reached_from_elsewhere_without_tls()
            throws Exception {
        String beyond = java.net.NetworkInterface.networkInterfaces()
                .flatMap(java.net.NetworkInterface::inetAddresses)
                .filter(a -> a instanceof java.net.Inet4Address && !a.isLoopbackAddress())
                .map(java.net.InetAddress::getHostAddress).findFirst()
                .orElseThrow(() -> new AssertionError("this host has no address but loopback"));
        Result foreign = run("bootstrap", "-e", "wire", "--machines", "process", "--zookeeper-address", "203.0.113.77");
        assertEquals(1, foreign.code());
        assertEquals("jujube: --zookeeper-address '203.0.113.77' is not an address of this host", foreign.err().strip());
        Result plain = run("bootstrap", "-e", "wire", "--machines", "process", "--zookeeper-address", beyond);
        assertEquals(1, plain.code());
        assertEquals("jujube: --zookeeper-address " + beyond + " is reachable from other hosts: ZooKeeper must then"
                + " serve TLS (add --tls)", plain.err().strip());
        assertFalse(Files.exists(home.resolve("environments/wire/environment.yaml")), "nothing made");
    }

    @Test
    void an_environment_without_its_administrator_credentials_is_refused_naming_the_file() throws Exception {
        Path dir = home.resolve("environments").resolve("bare");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("environment.yaml"), "name: bare\nprovider: local\nzookeeper-port: 2181\n");

        Result missing = run("status", "-e", "bare");
        assertEquals(1, missing.code());
        assertEquals("jujube: environment 'bare' has no administrator credentials (" + dir.resolve("secrets/admin.yaml")
                + " is missing): 'jujube bootstrap' makes them for an environment it starts or restarts", missing.err().strip());

        adminCredentials(dir);
        java.nio.file.Files.setPosixFilePermissions(dir.resolve("secrets/admin.yaml"),
                java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
        Result open = run("status", "-e", "bare");
        assertEquals(1, open.code());
        assertEquals("jujube: cannot use the administrator credentials: " + dir.resolve("secrets/admin.yaml")
                + " is open to others (mode rw-r--r--): it holds secrets, make it rw------- (chmod 600)", open.err().strip());
    }

    /** The administrator's credentials, where bootstrap leaves them. */
    private static void adminCredentials(Path dir) throws java.io.IOException {
        jujube.access.CredentialFiles.write(dir.resolve("secrets/admin.yaml"),
                java.util.List.of(jujube.access.Credential.generate(jujube.access.Credential.ADMIN)));
    }

    @Test
    void help_lists_every_command_in_order() {
        Result r = run("--help");
        assertEquals(0, r.code());
        int last = -1;
        for (String command : COMMANDS) {
            // a command with aliases is listed as "name, alias"
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\n  " + command + "[ ,]").matcher(r.out());
            int at = m.find() ? m.start() : -1;
            assertTrue(at > last, command + " listed after the one before it:\n" + r.out());
            last = at;
        }
        for (String alias : new String[] {"add-relation, integrate", "destroy-service, remove-application"}) {
            assertTrue(r.out().contains("\n  " + alias + " "), alias + " listed:\n" + r.out());
        }
    }

    @Test
    void every_command_answers_help_with_its_usage() {
        for (String command : COMMANDS) {
            for (String flag : new String[] {"--help", "-h"}) {
                Result r = run(command, flag);
                assertEquals(0, r.code(), command + " " + flag + ": " + r.err());
                assertTrue(r.out().startsWith("Usage: jujube " + command + " "), command + " " + flag + ":\n" + r.out());
                assertEquals("", r.err());
            }
        }
    }

    @Test
    void status_usage_lists_its_own_options_and_the_inherited_ones() {
        String status = run("status", "--help").out();
        assertTrue(status.startsWith("Usage: jujube status [-hvV] [-e=<name>] [--format=<format>] [PATTERN...]\n"), status);
        for (String option : new String[] {"-e, --environment=<name>", "-h, --help", "-v, --verbose", "-V, --version"}) {
            assertTrue(status.contains(option), option + ":\n" + status);
        }
        assertTrue(status.contains("Output format: yaml, json, tabular, dot, svg."), status);
        // outside a distribution (bin/jujube sets jujube.dist): the version is unknown, and --version says why
        assertEquals("jujube: jujube.dist is not set: run jujube through bin/jujube\n", run("status", "--version").out());
    }

    @Test
    void a_usage_error_in_a_command_shows_that_commands_usage() {
        Result r = run("-v", "status", "--bogus");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("jujube: Unknown option: '--bogus'\n"), r.err());
        assertTrue(r.err().contains("Usage: jujube status "), r.err());
    }

    @Test
    void an_unknown_option_is_named_even_when_a_required_parameter_is_missing_too() {
        Result r = run("deploy", "--nosuch");
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("jujube: Unknown option: '--nosuch'\n"), r.err());
        assertTrue(r.err().contains("Usage: jujube deploy "), r.err());
    }

    @Test
    void a_misspelt_command_is_a_usage_error_with_a_suggestion() {
        Result r = run("stauts");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("Did you mean: jujube status"), r.err());
        assertTrue(r.err().contains("Usage: jujube "), r.err());
    }

    @Test
    void no_command_is_a_usage_error_listing_the_commands() {
        Result r = run();
        assertEquals(2, r.code());
        assertTrue(r.err().contains("\n  status "), r.err());
    }

    @Test
    void verbose_is_accepted_before_and_after_the_command() {
        for (String[] line : List.of(new String[] {"-v", "status", "-e", "nosuch"},
                new String[] {"status", "--verbose", "-e", "nosuch"})) {
            Result r = run(line);
            assertEquals(1, r.code(), r.err());
            assertTrue(r.err().contains("environment 'nosuch' is not bootstrapped"), r.err());
            assertTrue(r.err().contains("\tat "), "a stack trace with --verbose:\n" + r.err());
        }
    }
}
