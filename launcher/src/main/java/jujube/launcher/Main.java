package jujube.launcher;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import jujube.provider.local.ContainerSettings;
import jujube.provider.local.EnvironmentDefinition;
import jujube.provider.local.PlacementPolicy;
import org.osgi.framework.launch.Framework;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jujube-agent}: runs one deployable of an environment in its own Felix framework until
 * it is told to stop (SIGTERM or SIGINT).
 */
@Command(name = "jujube-agent", mixinStandardHelpOptions = true,
        description = "Runs a Jujube agent process in its own OSGi framework.",
        subcommands = {Main.Controller.class, Main.Machine.class})
public final class Main {

    public static void main(String[] args) {
        int code;
        try {
            code = commandLine().execute(args);
        } catch (Throwable t) {
            // an embedded ZooKeeper that failed may keep non-daemon threads: never hang on exit
            System.err.println("jujube-agent: " + t);
            code = 1;
        }
        System.exit(code);
    }

    /** The command line, which refuses options in one line on standard error: no usage page after it. */
    static CommandLine commandLine() {
        return new CommandLine(new Main()).setParameterExceptionHandler((e, args) -> {
            CommandLine refusing = e.getCommandLine();
            refusing.getErr().println(refusing.getCommandSpec().qualifiedName() + ": " + e.getMessage() + " (see --help)");
            return refusing.getCommandSpec().exitCodeOnInvalidInput();
        });
    }

    /** Makes {@code dir} (created if missing) readable, writable and searchable by its owner only. */
    static void ownerOnly(Path dir) throws java.io.IOException {
        Files.createDirectories(dir);
        Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
    }

    static Path distribution() {
        String home = System.getProperty("jujube.dist");
        if (home == null) {
            throw new IllegalStateException("jujube.dist is not set: start through bin/jujube-agent");
        }
        return Path.of(home);
    }

    abstract static class AgentCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--console", description = "Also start the Gogo shell on this terminal.")
        boolean console;

        @Option(names = "--ready-timeout", defaultValue = "60", description = "Seconds to wait for the agent to come up.")
        int readyTimeout;

        @Option(names = "--session-timeout", defaultValue = "15000",
                description = "ZooKeeper session timeout in ms: how long presence outlives a lost connection.")
        int sessionTimeoutMs;

        @Option(names = "--log-file", description = "Write the log to this file, rolled by size (FILE.1, FILE.2 ...);"
                + " without it, to standard output. Standard error keeps what the JVM itself prints.")
        Path logFile;

        @Option(names = "--log-size", defaultValue = "${env:JUJUBE_AGENT_LOG_SIZE:-10MB}",
                description = "Size past which the log file is rolled (default: $JUJUBE_AGENT_LOG_SIZE, else ${DEFAULT-VALUE}).")
        String logSize;

        @Option(names = "--log-files", defaultValue = "${env:JUJUBE_AGENT_LOG_FILES:-5}",
                description = "How many log files to keep, the current one included (default: $JUJUBE_AGENT_LOG_FILES, else ${DEFAULT-VALUE}).")
        int logFiles;

        int run(String feature, Path runtimeDir, Map<String, String> props, boolean embedded) throws Exception {
            if (sessionTimeoutMs < 1000) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--session-timeout must be at least 1000 ms, got " + sessionTimeoutMs);
            }
            props.put("jujube.session.timeout.ms", Integer.toString(sessionTimeoutMs));
            try {
                LogSettings.parse(Optional.ofNullable(logFile), logSize, logFiles).apply(distribution());
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
            // the controller's local provider starts machine agents from this same distribution
            props.put("jujube.dist", distribution().toAbsolutePath().toString());
            Files.createDirectories(runtimeDir);
            long t0 = System.nanoTime();
            Framework fw;
            try {
                fw = new FrameworkLauncher(distribution()).launch(feature, runtimeDir, props, embedded, console,
                        readyTimeout * 1000L);
            } catch (LaunchException e) {
                System.err.println("jujube-agent: " + e.getMessage());
                return 1;
            }
            System.err.printf("jujube-agent: %s up in %d ms%n", feature, (System.nanoTime() - t0) / 1_000_000);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> FrameworkLauncher.stopQuietly(fw), "jujube-shutdown"));
            fw.waitForStop(0);
            return 0;
        }
    }

    /**
     * The controller: its options make the environment's {@link EnvironmentDefinition}, whose rules are the
     * only ones checked here, and the framework properties the controller's configurations refer to are
     * derived from it. A definition refused is reported in its own one-line message, which names the
     * setting as {@code environment.yaml} does (the options bear the same names).
     */
    @Command(name = "controller", description = "The controller of an environment: its embedded ZooKeeper and the agents that manage machines.")
    static final class Controller extends AgentCommand {
        @Option(names = "--env-dir", required = true, description = "The environment's directory.")
        Path envDir;

        @Option(names = "--zookeeper-port", description = "Port of the embedded ZooKeeper.")
        Integer port;

        @Option(names = "--zookeeper", description = "An external ZooKeeper ensemble (host:port,...); no embedded server then.")
        String zookeeper;

        @Option(names = "--zookeeper-address", defaultValue = "",
                description = "The address the embedded ZooKeeper listens on (default: the bridge's address for"
                        + " containers, else 127.0.0.1).")
        String zookeeperAddress;

        @Option(names = "--machines", defaultValue = "process",
                description = "What the local provider's machines are: process or container.")
        String machines;

        @Option(names = "--container-bridge", defaultValue = "", description = "For containers: the environment's bridge.")
        String containerBridge;

        @Option(names = "--container-network", defaultValue = "",
                description = "For containers: the bridge's network, a.b.c.d/prefix.")
        String containerNetwork;

        @Option(names = "--machine-ids", defaultValue = "",
                description = "For containers: the host ids their ids map to, UID:GID:COUNT.")
        String machineIds;

        @Option(names = "--machine-limits", defaultValue = "",
                description = "For containers: each machine's limits, processes=N,memory=SIZE,disk=SIZE.")
        String machineLimits;

        @Option(names = "--machine-root", defaultValue = "",
                description = "For containers: the base root filesystem they start from.")
        String machineRoot;

        @Option(names = "--max-restart-delay", defaultValue = "30000", description = "The longest wait in ms before"
                + " a machine whose agent keeps dying young is started again (the wait doubles from 250 ms).")
        int maxRestartDelayMs;

        @Option(names = "--zookeeper-tls", description = "The environment's TLS directory (zookeeper.p12,"
                + " keystore.password, ca.pem): the embedded ZooKeeper then serves TLS only, and every agent uses it.")
        Path tls;

        @Option(names = "--dashboard-port", defaultValue = "0",
                description = "The port the dashboard is served on over HTTPS, at the ZooKeeper's address; 0 for none.")
        int dashboardPort;

        @Option(names = "--dashboard-tls", description = "The TLS directory (zookeeper.p12, keystore.password) whose"
                + " server certificate the dashboard is served with.")
        Path dashboardTls;

        @Override
        public Integer call() throws Exception {
            EnvironmentDefinition definition = definition();
            ownerOnly(envDir); // it holds the administrator's credentials and, embedded, ZooKeeper's data
            return run("controller", envDir.resolve("controller"), properties(definition), definition.embedded());
        }

        /**
         * The environment the options define. Its name is the directory's and its placement the default:
         * the controller uses neither (units are placed by the state's environment settings).
         *
         * @throws CommandLine.ParameterException with the definition's message when the options break a rule
         */
        EnvironmentDefinition definition() {
            if ((port == null) == (zookeeper == null)) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "give exactly one of --zookeeper-port (embedded) and --zookeeper (external)");
            }
            Path dirName = envDir.toAbsolutePath().normalize().getFileName();
            try {
                return new EnvironmentDefinition(dirName == null ? envDir.toString() : dirName.toString(),
                        PlacementPolicy.LOCAL, port == null ? 0 : port, zookeeper, "", zookeeperAddress, tls != null,
                        ContainerSettings.forMachines(machines, containerBridge, containerNetwork, machineIds,
                                machineLimits, machineRoot),
                        Duration.ofMillis(maxRestartDelayMs));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
        }

        /** The framework properties the controller's configurations refer to, from {@code definition}. */
        Map<String, String> properties(EnvironmentDefinition definition) {
            Map<String, String> props = new LinkedHashMap<>();
            props.put("jujube.env.dir", envDir.toAbsolutePath().toString());
            props.put("jujube.restart.delay.max.ms", Long.toString(definition.maxRestartDelay().toMillis()));
            // the TLS directory's layout is jujube.tls.EnvironmentTls's
            Path dir = tls == null ? null : tls.toAbsolutePath();
            props.put("jujube.zookeeper.ca", dir == null ? "" : dir.resolve("ca.pem").toString());
            props.put("jujube.zookeeper.tls.keystore", dir == null ? "" : dir.resolve("zookeeper.p12").toString());
            props.put("jujube.zookeeper.tls.password", dir == null ? "" : dir.resolve("keystore.password").toString());
            props.put("jujube.zookeeper", definition.connectString());
            props.put("jujube.zookeeper.ensemble", definition.zookeeper());
            props.put("jujube.zookeeper.port", Integer.toString(definition.zookeeperPort()));
            props.put("jujube.zookeeper.address", definition.embedded() ? definition.listenAddress() : "");
            try {
                props.putAll(dashboard(dashboardPort, dashboardTls, definition.listenAddress()));
            } catch (java.io.IOException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--dashboard-tls: cannot read "
                        + e.getMessage());
            }
            props.put("jujube.machines", definition.machineKind().key());
            Optional<ContainerSettings> containers = definition.containers();
            props.put("jujube.container.bridge", containers.map(c -> c.network().bridge()).orElse(""));
            props.put("jujube.container.network", containers.map(c -> c.network().cidr()).orElse(""));
            props.put("jujube.machine.ids", containers.map(c -> c.ids().toString()).orElse(""));
            props.put("jujube.machine.limits", containers.map(c -> c.limits().toString()).orElse(""));
            props.put("jujube.machine.root", containers.map(c -> c.baseRoot().toString()).orElse(""));
            return props;
        }
    }

    /**
     * Felix's HTTP service reads these framework properties: HTTPS only, at the ZooKeeper's address, with
     * the server certificate of {@code --dashboard-tls}; nothing served without a port. The keystore's
     * password stays in the framework's memory: a configuration would be written to its storage.
     */
    static Map<String, String> dashboard(int port, Path tls, String address) throws java.io.IOException {
        Map<String, String> props = new LinkedHashMap<>();
        props.put("org.apache.felix.http.enable", "false");
        props.put("org.apache.felix.http.jetty.sendServerHeader", "false");
        boolean serve = port > 0 && tls != null;
        props.put("org.apache.felix.https.enable", Boolean.toString(serve));
        if (serve) {
            // the TLS directory's layout is jujube.tls.EnvironmentTls's
            String password = Files.readString(tls.resolve("keystore.password")).strip();
            props.put("org.osgi.service.http.port.secure", Integer.toString(port));
            props.put("org.apache.felix.http.host", address);
            props.put("org.apache.felix.https.keystore", tls.toAbsolutePath().resolve("zookeeper.p12").toString());
            props.put("org.apache.felix.https.keystore.password", password);
            props.put("org.apache.felix.https.keystore.key.password", password);
        }
        return props;
    }

    @Command(name = "machine", description = "The agent of one machine.")
    static final class Machine extends AgentCommand {
        @Option(names = "--machine-id", required = true, description = "The machine's id.")
        int machineId;

        @Option(names = "--zookeeper", description = "ZooKeeper ensemble, host:port,... (default: $JUJUBE_ZOOKEEPER).")
        String zookeeper = System.getenv("JUJUBE_ZOOKEEPER");

        @Option(names = "--data-dir", description = "The machine's directory (default: $JUJUBE_DATA_DIR).")
        Path dataDir = System.getenv("JUJUBE_DATA_DIR") == null ? null : Path.of(System.getenv("JUJUBE_DATA_DIR"));

        @Option(names = "--charm-storage", description = "The environment's charm storage directory (default: "
                + "$JUJUBE_CHARM_STORAGE, else charms/ of the local environment holding the data directory, else DATA_DIR/charms).")
        Path charmStorage = System.getenv("JUJUBE_CHARM_STORAGE") == null ? null : Path.of(System.getenv("JUJUBE_CHARM_STORAGE"));

        /**
         * A local environment's layout puts {@code <env>/machines/machine-N} beside {@code <env>/charms},
         * so machines started without the option (as bootstrap starts machine 0) find the storage. Elsewhere
         * the last resort is an empty storage in the data directory: deploying then fails, naming the
         * missing charm, instead of the agent refusing to start.
         */
        private Path charmStorage(Path data) {
            if (charmStorage != null) {
                return charmStorage;
            }
            Path machines = data.toAbsolutePath().normalize().getParent();
            return machines != null && machines.getFileName() != null && machines.getFileName().toString().equals("machines")
                    ? machines.resolveSibling("charms") : data.resolve("charms");
        }

        @Option(names = "--address", defaultValue = "127.0.0.1",
                description = "The address other units reach this machine's units at (private and public).")
        String address;

        @Option(names = "--zookeeper-ca", description = "The environment's authority certificate (PEM): ZooKeeper"
                + " is then reached over TLS (default: $JUJUBE_ZOOKEEPER_CA, else plain TCP).")
        Path zookeeperCa = System.getenv("JUJUBE_ZOOKEEPER_CA") == null ? null : Path.of(System.getenv("JUJUBE_ZOOKEEPER_CA"));

        @Override
        public Integer call() throws Exception {
            if (zookeeper == null || zookeeper.isBlank() || dataDir == null) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--zookeeper and --data-dir are required (or JUJUBE_ZOOKEEPER and JUJUBE_DATA_DIR)");
            }
            if (machineId < 0) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--machine-id must be 0 or more, got " + machineId);
            }
            Map<String, String> props = new LinkedHashMap<>();
            if (zookeeperCa != null && !Files.isReadable(zookeeperCa)) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--zookeeper-ca " + zookeeperCa + " is missing or unreadable");
            }
            props.put("jujube.zookeeper", zookeeper);
            props.put("jujube.zookeeper.ca", zookeeperCa == null ? "" : zookeeperCa.toAbsolutePath().toString());
            props.put("jujube.machine.id", Integer.toString(machineId));
            props.put("jujube.machine.address", address);
            ownerOnly(dataDir); // its credentials, its units' state and hook sockets: this agent's alone
            props.put("jujube.data.dir", dataDir.toAbsolutePath().toString());
            props.put("jujube.charm.storage", charmStorage(dataDir).toAbsolutePath().toString());
            return run("machine-agent", dataDir, props, false);
        }
    }
}
