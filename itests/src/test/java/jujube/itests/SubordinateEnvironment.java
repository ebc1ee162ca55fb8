package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import jujube.provider.local.LocalLayout;
import jujube.state.ConnectionConfig;
import jujube.state.CorruptStateException;
import jujube.state.StateConnection;
import jujube.state.curator.StateConnections;
import jujube.model.UnitInfo;
import jujube.model.UnitName;

/**
 * A bootstrapped local environment with the example {@code wordpress} charm deployed as {@code blog} and
 * the example subordinate {@code logging}, seen from outside as an operator would (the CLI) and as the
 * tests need (a direct state connection, the machine's unit directories, its agents' configurations).
 */
final class SubordinateEnvironment implements AutoCloseable {
    private static final Pattern PORT = Pattern.compile("zookeeper-port: *\"?([0-9]+)");
    final Distribution jujube;
    final StateConnection state;

    private SubordinateEnvironment(Distribution jujube, StateConnection state) {
        this.jujube = jujube;
        this.state = state;
    }

    /** Bootstraps, deploys {@code blog} with {@code principals} units and {@code logging}. */
    static SubordinateEnvironment start(Path home, int principals) throws Exception {
        Distribution jujube = new Distribution(home);
        // a killed agent restarted at most 0.5 s later: tests kill the same young agent again and again, and
        // wait for each restart
        ok(jujube.jujube("bootstrap", "--machines", "process", "--max-restart-delay", "500"));
        String repository = jujube.dist.resolve("../../../examples/charms").normalize().toString();
        ok(jujube.jujube("deploy", "--repository", repository, "local:wordpress", "blog", "-n", Integer.toString(principals)));
        Distribution.Run logging = ok(jujube.jujube("deploy", "--repository", repository, "local:logging"));
        assertEquals("Subordinate 'logging' awaiting relationship to principal for deployment.\n", logging.out());
        Matcher port = PORT.matcher(Files.readString(jujube.envDir().resolve("environment.yaml")));
        if (!port.find()) {
            throw new AssertionError("no zookeeper-port in environment.yaml");
        }
        StateConnection state = StateConnections.open(Administrator.connection("127.0.0.1:" + port.group(1), jujube.envDir()), List.of());
        state.awaitConnected(Duration.ofSeconds(30));
        return new SubordinateEnvironment(jujube, state);
    }

    static Distribution.Run ok(Distribution.Run run) {
        assertEquals(0, run.exit(), run.out() + run.err());
        return run;
    }

    /** Every unit; a unit removed between the state's two reads fails a listing, which is then repeated. */
    List<UnitInfo> units() {
        for (int attempt = 1;; attempt++) {
            try {
                return state.units().list();
            } catch (CorruptStateException e) {
                if (attempt == 10) {
                    throw e;
                }
            }
        }
    }

    /** The subordinate units in the state, each with its principal. */
    Map<UnitName, UnitName> subordinates() {
        Map<UnitName, UnitName> result = new TreeMap<>();
        units().forEach(u -> u.container().ifPresent(p -> result.put(u.name(), p)));
        return result;
    }

    /** The principal units of {@code blog} in the state. */
    Set<UnitName> principals() {
        return units().stream().filter(u -> u.name().service().equals("blog")).map(UnitInfo::name)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    Path machineDir() {
        return jujube.envDir().resolve("machines/machine-0");
    }

    Path unitDir(UnitName unit) {
        return machineDir().resolve("units/" + unit.service() + "-" + unit.number());
    }

    /** The names of the unit directories of {@code service} on machine 0. */
    Set<String> unitDirs(String service) throws IOException {
        Path units = machineDir().resolve("units");
        if (!Files.isDirectory(units)) {
            return Set.of();
        }
        try (Stream<Path> entries = Files.list(units)) {
            return entries.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(service + "-"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }

    /**
     * The unit agent configurations of {@code service} that ConfigAdmin persisted on machine 0, with the
     * temp files of its store's writes: a kill leaves one, which the restarted agent's launcher settles
     * before ConfigAdmin starts (ConfigStoreLeftovers), so none may stay.
     */
    Set<String> agentConfigs(String service) throws IOException {
        try (Stream<Path> all = Files.walk(machineDir().resolve("felix-cache"))) {
            // ConfigAdmin's file store escapes the "~" of jujube.agent.unit~<svc>-<n> as %007e
            return all.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("unit%007e" + service + "-"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }

    String machineLog() throws IOException {
        return Files.readString(LocalLayout.log(jujube.envDir(), 0));
    }

    /** The machine agent's process, as the local provider's pid file records it. */
    long machinePid() throws IOException {
        Path file = jujube.envDir().resolve("pids/machine-0.pid");
        return Files.exists(file) ? Long.parseLong(Files.readString(file).strip()) : -1;
    }

    @Override
    public void close() throws Exception {
        state.close();
        if (Files.exists(jujube.envDir())) {
            jujube.jujube("destroy-environment", "-y");
        }
        for (ProcessHandle p : Distribution.processesMentioning(jujube.home)) {
            p.destroyForcibly();
        }
        try (Stream<Path> all = Files.walk(jujube.home)) {
            for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
