package jujube.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import jujube.provider.local.ContainerSettings;
import jujube.provider.local.EnvironmentDefinition;
import jujube.provider.local.PlacementPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code jujube-agent controller}'s options make an {@link EnvironmentDefinition}: the definition's rules
 * are the ones that refuse them, in its own one-line message, before anything is started or created; the
 * framework properties follow from the definition.
 */
class ControllerOptionsTest {
    private static final String[] CONTAINERS = {"--machines", "container", "--container-bridge", "jujube-0a1b2c",
            "--container-network", "10.77.0.0/16", "--machine-ids", "100000:100000:65536",
            "--machine-root", "/var/lib/jujube/machine-roots/r"};

    @TempDir
    Path home;

    /** What running the command printed on standard error, and its exit code. */
    record Refusal(int exit, String err) {
    }

    private Path envDir() {
        return home.resolve("env");
    }

    private Refusal run(String... options) {
        List<String> args = new ArrayList<>(List.of("controller", "--env-dir", envDir().toString()));
        args.addAll(List.of(options));
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setErr(new PrintWriter(err, true));
        return new Refusal(cli.execute(args.toArray(String[]::new)), err.toString());
    }

    private static String refusedByDefinition(Runnable make) {
        return assertThrows(IllegalArgumentException.class, make::run).getMessage();
    }

    private void assertRefused(String expected, String... options) {
        Refusal refusal = run(options);
        assertEquals(2, refusal.exit(), refusal.err());
        assertEquals("jujube-agent controller: " + expected + " (see --help)" + System.lineSeparator(), refusal.err());
        assertFalse(Files.exists(envDir()), "nothing made for a refused controller");
    }

    @Test
    void a_short_restart_delay_is_refused_in_the_definitions_words() {
        String expected = refusedByDefinition(() -> EnvironmentDefinition.embedded("env", PlacementPolicy.LOCAL, 2181,
                Optional.empty()).withMaxRestartDelay(Duration.ofMillis(100)));

        assertRefused(expected, "--zookeeper-port", "2181", "--max-restart-delay", "100");
    }

    @Test
    void an_unknown_kind_of_machine_is_refused_naming_the_setting() {
        assertRefused("'machines' must be process or container, got 'vm'", "--zookeeper-port", "2181", "--machines", "vm");
    }

    @Test
    void containers_without_their_settings_are_refused_naming_the_first_missing() {
        assertRefused(refusedByDefinition(() -> ContainerSettings.forMachines("container", "", "", "", "", "")),
                "--zookeeper-port", "2181", "--machines", "container");
        assertTrue(run("--zookeeper-port", "2181", "--machines", "container", "--container-bridge", "jujube-0a1b2c",
                "--container-network", "10.77.0.0/16").err().contains("'machine-ids'"));
    }

    @Test
    void an_address_other_hosts_reach_needs_tls() {
        String expected = refusedByDefinition(() -> EnvironmentDefinition.embedded("env", PlacementPolicy.LOCAL, 2181,
                Optional.empty()).withZookeeperAddress("203.0.113.77", false));

        assertRefused(expected, "--zookeeper-port", "2181", "--zookeeper-address", "203.0.113.77");
    }

    @Test
    void a_port_out_of_range_is_refused() {
        assertRefused("'zookeeper-port' is missing or not a port number, got '70000'", "--zookeeper-port", "70000");
    }

    @Test
    void an_ensemble_must_be_host_port_pairs() {
        assertRefused("'zookeeper' must be host:port[,host:port...], got 'zk1'", "--zookeeper", "zk1");
    }

    @Test
    void exactly_one_zookeeper_is_given() {
        assertRefused("give exactly one of --zookeeper-port (embedded) and --zookeeper (external)");
        assertRefused("give exactly one of --zookeeper-port (embedded) and --zookeeper (external)",
                "--zookeeper-port", "2181", "--zookeeper", "zk1:2181");
    }

    private Map<String, String> properties(String... options) {
        List<String> args = new ArrayList<>(List.of("controller", "--env-dir", envDir().toString()));
        args.addAll(List.of(options));
        CommandLine.ParseResult parsed = Main.commandLine().parseArgs(args.toArray(String[]::new));
        Main.Controller controller = (Main.Controller) parsed.subcommand().commandSpec().userObject();
        return controller.properties(controller.definition());
    }

    @Test
    void an_embedded_zookeeper_of_process_machines_listens_on_loopback() {
        Map<String, String> props = properties("--zookeeper-port", "2181", "--max-restart-delay", "1000");

        assertProperties(Map.of("jujube.zookeeper", "127.0.0.1:2181", "jujube.zookeeper.address", "127.0.0.1",
                "jujube.zookeeper.port", "2181", "jujube.zookeeper.ensemble", "", "jujube.machines", "process",
                "jujube.restart.delay.max.ms", "1000", "jujube.zookeeper.ca", "", "jujube.container.network", ""), props);
    }

    @Test
    void containers_reach_the_embedded_zookeeper_on_their_bridge_by_default() {
        List<String> options = new ArrayList<>(List.of("--zookeeper-port", "2181"));
        options.addAll(List.of(CONTAINERS));

        Map<String, String> props = properties(options.toArray(String[]::new));

        assertProperties(Map.of("jujube.zookeeper", "10.77.0.1:2181", "jujube.zookeeper.address", "10.77.0.1",
                "jujube.machines", "container", "jujube.container.bridge", "jujube-0a1b2c",
                "jujube.machine.ids", "100000:100000:65536", "jujube.machine.limits", "processes=1000,memory=2G,disk=8G"),
                props);
    }

    @Test
    void an_external_ensemble_has_no_port_and_no_address() {
        Map<String, String> props = properties("--zookeeper", "zk1:2181,zk2:2181", "--zookeeper-tls", "/env/tls");

        assertProperties(Map.of("jujube.zookeeper", "zk1:2181,zk2:2181", "jujube.zookeeper.ensemble", "zk1:2181,zk2:2181",
                "jujube.zookeeper.port", "0", "jujube.zookeeper.address", "", "jujube.zookeeper.ca", "/env/tls/ca.pem"), props);
    }

    /** The properties {@code expected} names have the values it gives in {@code actual}. */
    private static void assertProperties(Map<String, String> expected, Map<String, String> actual) {
        Map<String, String> named = new TreeMap<>();
        expected.keySet().forEach(key -> named.put(key, actual.get(key)));
        assertEquals(new TreeMap<>(expected), named);
    }

    /** What the agent's run adds to every agent's properties. */
    private static final List<String> EVERY_AGENTS = List.of("jujube.dist", "jujube.session.timeout.ms");
    private static final Pattern REFERENCE = Pattern.compile("\\$\\{(jujube\\.[a-z.]+)\\}");

    @Test
    void the_properties_are_every_one_the_controllers_feature_needs_and_its_configurations_refer_to() throws Exception {
        Feature feature = Feature.load(Path.of(".."), "controller");
        Set<String> referred = new TreeSet<>(feature.required());
        try (Stream<Path> configs = Files.list(Path.of("../features/controller/config"))) {
            for (Path cfg : configs.toList()) {
                Matcher m = REFERENCE.matcher(Files.readString(cfg));
                while (m.find()) {
                    referred.add(m.group(1));
                }
            }
        }
        for (String[] options : List.of(new String[] {"--zookeeper-port", "2181"}, new String[] {"--zookeeper", "zk1:2181"})) {
            Set<String> given = new TreeSet<>(properties(options).keySet());
            given.addAll(EVERY_AGENTS);
            Set<String> missing = new TreeSet<>(referred);
            missing.removeAll(given);
            assertEquals(Set.of(), missing, String.join(" ", options));
        }
    }
}
