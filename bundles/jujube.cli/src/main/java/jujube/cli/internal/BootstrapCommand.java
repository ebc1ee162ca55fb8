package jujube.cli.internal;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import jujube.cli.CliException;
import jujube.files.FileTrees;
import jujube.provider.local.ContainerHost;
import jujube.provider.local.BaseRoot;
import jujube.provider.local.ContainerNetwork;
import jujube.provider.local.ContainerSettings;
import jujube.provider.local.EnvironmentDefinition;
import jujube.provider.local.MachineKind;
import jujube.provider.local.PlacementPolicy;
import jujube.provider.local.MachineIds;
import jujube.provider.local.MachineLimits;
import jujube.provider.local.SubordinateIds;
import jujube.state.EnvironmentSettings;
import jujube.state.StateConnection;
import jujube.state.curator.StateConnections;
import jujube.tls.EnvironmentTls;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code jujube bootstrap}: creates a local environment: decides what its machines are (LXC containers
 * on a bridge of the environment's own when this host can run them, else processes of the host), starts
 * its controller (embedded ZooKeeper), initializes the environment and waits for machine 0, which the
 * controller's provider starts like any other machine. On an environment whose controller is not
 * running, restarts it from its saved state instead.
 */
@Command(name = "bootstrap", description = "Start a local environment: ZooKeeper, controller and machine 0;"
        + " or restart one whose controller is not running.")
public final class BootstrapCommand implements Callable<Integer> {
    @Mixin
    EnvironmentOption environment;

    @Option(names = "--placement", defaultValue = "local", description = "Unit placement: local (all on machine 0) or unassigned.")
    String placement;

    @Option(names = "--machines", description = "What machines are: container (an LXC container each) or process"
            + " (a process of this host). Default: containers when this host can run them, else processes.")
    String machines;

    @Option(names = "--machine-processes", description = "For container machines: the most processes and threads"
            + " each may run at once. Default: " + 1000 + ".")
    Integer machineProcesses;

    @Option(names = "--machine-memory", description = "For container machines: the most memory each may use"
            + " (a size: 2G, 512M). Default: 2G.")
    String machineMemory;

    @Option(names = "--machine-disk", description = "For container machines: the size of each one's disk, which holds"
            + " what its hooks write and its own directory (a size: 8G). Default: 8G.")
    String machineDisk;

    @Option(names = "--timeout", defaultValue = "90", description = "Seconds to wait for each process to come up.")
    int timeoutSeconds;

    @Option(names = "--zookeeper-address", description = "The address of this host ZooKeeper listens on: one that other"
            + " hosts reach, for machines there (add-machine ssh:HOST). Default: loopback, or the containers' bridge.")
    String zookeeperAddress;

    @Option(names = "--tls", description = "ZooKeeper serves TLS only, with certificates of the environment's own"
            + " authority (made here, in tls/); required with an address other hosts reach.")
    boolean tls;

    @Option(names = "--max-restart-delay", description = "The longest wait in ms before the controller starts again"
            + " a machine whose agent keeps dying young (the wait doubles from 250 ms); kept in environment.yaml."
            + " Default: 30000.")
    Integer maxRestartDelayMs;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PlacementPolicy placementChosen = option("--placement", () -> PlacementPolicy.of(placement));
        Optional<MachineKind> kind = machines == null ? Optional.empty()
                : Optional.of(option("--machines", () -> MachineKind.of(machines)));
        // checked by the definition the delay goes into, before anything is made
        Optional<Duration> maxRestartDelay = Optional.ofNullable(maxRestartDelayMs).map(Duration::ofMillis)
                .map(delay -> option("--max-restart-delay", () -> EnvironmentDefinition.embedded(environment.name(),
                        placementChosen, 1, Optional.empty()).withMaxRestartDelay(delay).maxRestartDelay()));
        MachineLimits limits = machineLimits();
        EnvironmentOption.checkWritable(EnvironmentOption.home());
        Path dir = environment.dir();
        String name = environment.name();
        Duration timeout = Duration.ofSeconds(timeoutSeconds);
        if (LocalEnvironment.exists(dir)) {
            LocalEnvironment env = LocalEnvironment.load(name, dir);
            if (AgentProcesses.find(env, "controller").isPresent()) {
                spec.commandLine().getErr().println("jujube: environment '" + name + "' already bootstrapped");
                return 0;
            }
            if (AgentProcesses.find(env, AgentProcesses.supervisorOf("controller")).isPresent()) {
                spec.commandLine().getErr().println("jujube: environment '" + name + "' already bootstrapped"
                        + " (its supervisor is starting the controller again)");
                return 0;
            }
            if (!AgentProcesses.recordedAndGone(env, "controller")) {
                // e.g. one serving an external ensemble, started by hand: whether it runs is not ours to know
                throw new CliException("environment '" + name + "' exists but bootstrap did not start its controller (no "
                        + env.pidFiles().file("controller") + "): start it with bin/jujube-agent controller");
            }
            return restart(env, timeout, placementChosen, kind, maxRestartDelay);
        }
        String address = checkedAddress();
        long t0 = System.nanoTime();
        Optional<ContainerSettings> containers = containers(dir, limits, kind);
        // the containers' bridge is not up yet: a port free here is as good a guess for it
        String probed = address.isEmpty() ? EnvironmentDefinition.LOOPBACK : address;
        int zookeeperPort = freePort(probed);
        int dashboardPort = freePort(probed);
        while (dashboardPort == zookeeperPort) {
            dashboardPort = freePort(probed);
        }
        EnvironmentDefinition definition = EnvironmentDefinition.embedded(name, placementChosen, zookeeperPort,
                containers).withDashboardPort(dashboardPort);
        LocalEnvironment env = new LocalEnvironment(name, dir, option("--zookeeper-address",
                () -> definition.withZookeeperAddress(address, tls)
                        .withMaxRestartDelay(maxRestartDelay.orElse(EnvironmentDefinition.DEFAULT_MAX_RESTART_DELAY))));
        if (env.tls()) {
            makeCertificates(env);
        } else {
            makeDashboardCertificates(env);
        }
        env.secure();
        env.save();
        AgentProcesses processes = new AgentProcesses(env, Distribution.dir());
        bridgeUp(env);

        ProcessHandle controller = processes.startSupervised("controller", controllerArguments(env));
        try (StateConnection state = StateConnections.open(env.connection())) {
            bringUp(state, env, controller, timeout);
        } catch (RuntimeException e) {
            // leave no process behind; the directory stays for its logs
            processes.stopAll(Duration.ofSeconds(10));
            throw new CliException("bootstrap of '" + name + "' failed: " + e.getMessage()
                    + " ('jujube destroy-environment' removes what is left)", e);
        }
        var out = spec.commandLine().getOut();
        out.printf("Bootstrapped environment '%s' in %.1f s (machines are %s)%n", name, (System.nanoTime() - t0) / 1e9,
                containers.map(c -> "unprivileged LXC containers on " + c.network().bridge() + ", " + c.network().cidr()
                        + "; each at most " + c.limits()).orElse("processes of this host"));
        if (containers.isEmpty()) {
            spec.commandLine().getErr().println("jujube: note: on process machines hooks run as root on this host, with"
                    + " its files and the environment's credentials in reach: deploy only charms you trust");
        }
        out.printf("  ZooKeeper: %s%s%n  logs:      %s%n", env.connectString(), env.tls() ? " (TLS)" : "", env.logs());
        env.dashboardUrl().ifPresent(url -> out.printf("  dashboard: %s (jujube dashboard prints a login)%n", url));
        out.flush();
        return 0;
    }

    /**
     * The address ZooKeeper is to listen on, empty for its default: it must be one of this host's, and
     * one other hosts reach needs {@code --tls} ({@link EnvironmentDefinition#servesOtherHosts()}; a new
     * environment's bridge does not exist yet, so an address given is not on it). Checked before anything
     * is made.
     */
    private String checkedAddress() {
        if (zookeeperAddress == null) {
            return "";
        }
        String address = zookeeperAddress.strip();
        try {
            if (address.isEmpty() || NetworkInterface.getByInetAddress(InetAddress.getByName(address)) == null) {
                throw new CliException("--zookeeper-address '" + address + "' is not an address of this host");
            }
        } catch (IOException e) {
            throw new CliException("--zookeeper-address '" + address + "' is not an address of this host ("
                    + e.getMessage() + ")");
        }
        // the definition's rule, told as what to add on this command line
        if (!tls && EnvironmentDefinition.embedded(environment.name(), PlacementPolicy.LOCAL, 1, Optional.empty())
                .withZookeeperAddress(address, true).servesOtherHosts()) {
            throw new CliException("--zookeeper-address " + address + " is reachable from other hosts: ZooKeeper must"
                    + " then serve TLS (add --tls)");
        }
        return address;
    }

    /**
     * The environment's authority and ZooKeeper's certificate, for the address it listens on; a directory
     * a failed bootstrap left (it exists only complete) is replaced.
     */
    private static void makeCertificates(LocalEnvironment env) {
        try {
            FileTrees.delete(env.certificates().dir());
            EnvironmentTls.create(env.certificates().dir(), List.of(env.zookeeperAddress()));
        } catch (IOException | IllegalArgumentException e) {
            throw new CliException("cannot make the environment's certificates: " + e.getMessage(), e);
        }
    }

    /** The dashboard's own authority and certificate, for an environment whose ZooKeeper has none. */
    private static void makeDashboardCertificates(LocalEnvironment env) {
        try {
            FileTrees.delete(env.dashboardCertificates().dir());
            EnvironmentTls.create(env.dashboardCertificates().dir(), List.of(env.zookeeperAddress()));
        } catch (IOException | IllegalArgumentException e) {
            throw new CliException("cannot make the dashboard's certificates: " + e.getMessage(), e);
        }
    }

    /**
     * Brings back an environment whose controller is gone (killed, or the host restarted): the controller
     * starts on the environment's saved data, and its provider starts every machine still wanted whose
     * process is gone; their unit agents resume from their own saved state. Nothing is initialized again.
     */
    private int restart(LocalEnvironment recorded, Duration timeout, PlacementPolicy placementChosen,
            Optional<MachineKind> kind, Optional<Duration> maxRestartDelay) {
        LocalEnvironment env = maxRestartDelay.isEmpty() || maxRestartDelay.get().equals(recorded.definition().maxRestartDelay())
                ? recorded : recorded.with(recorded.definition().withMaxRestartDelay(maxRestartDelay.get()));
        PlacementPolicy recordedPlacement = env.definition().placement();
        if (spec.commandLine().getParseResult().hasMatchedOption("--placement") && placementChosen != recordedPlacement) {
            throw new CliException("environment '" + env.name() + "' exists with placement " + recordedPlacement.key()
                    + ": --placement applies to a new environment");
        }
        for (String option : List.of("--zookeeper-address", "--tls", "--machine-processes", "--machine-memory",
                "--machine-disk")) {
            if (spec.commandLine().getParseResult().hasMatchedOption(option)) {
                throw new CliException("environment '" + env.name() + "' exists: " + option + " applies to a new environment");
            }
        }
        if (env.tls() && !env.certificates().exists()) {
            throw new CliException("environment '" + env.name() + "' serves TLS but its certificates are missing from "
                    + env.certificates().dir());
        }
        MachineKind recordedKind = env.definition().machineKind();
        if (kind.isPresent() && kind.get() != recordedKind) {
            throw new CliException("environment '" + env.name() + "' exists with " + recordedKind.key()
                    + " machines: --machines applies to a new environment");
        }
        if (env != recorded) {
            env.save();
        }
        env.containers().ifPresent(this::baseRootBack);
        long t0 = System.nanoTime();
        if (env.secure()) {
            // an environment made before they existed: its controller brings it under the access policy
            spec.commandLine().getErr().println("jujube: made the administrator credentials of '" + env.name() + "' in "
                    + env.adminCredentials());
        }
        AgentProcesses processes = new AgentProcesses(env, Distribution.dir());
        bridgeUp(env); // a reboot removed it
        ProcessHandle controller = processes.startSupervised("controller", controllerArguments(env));
        try (StateConnection state = StateConnections.open(env.connection())) {
            await("the controller's ZooKeeper", controller, env, timeout, () -> state.connectionState().isConnected());
            if (!state.isInitialized()) {
                throw new CliException("its ZooKeeper holds no environment (was " + env.dir().resolve("zookeeper")
                        + " removed?)");
            }
            if (state.machines().list().stream().anyMatch(m -> m.id() == 0)) {
                // its process first: the presence of one that was killed lasts until its session expires
                await("machine 0's agent", controller, env, timeout,
                        () -> AgentProcesses.find(env, "machine-0").isPresent()
                                && state.machines().list().stream().anyMatch(m -> m.id() == 0 && m.agentConnected()));
            }
        } catch (RuntimeException e) {
            // only the controller started here: machine agents that kept running stay as they were
            stop(controller);
            throw new CliException("restart of '" + env.name() + "' failed: " + e.getMessage(), e);
        }
        var out = spec.commandLine().getOut();
        out.printf("Restarted environment '%s' from its saved state in %.1f s (its controller was not running)%n",
                env.name(), (System.nanoTime() - t0) / 1e9);
        out.printf("  ZooKeeper: %s%s%n  logs:      %s%n", env.connectString(), env.tls() ? " (TLS)" : "", env.logs());
        env.dashboardUrl().ifPresent(url -> out.printf("  dashboard: %s (jujube dashboard prints a login)%n", url));
        out.flush();
        return 0;
    }

    /** Makes again the base root an environment's machines start from when it is gone (a host's disk cleaned). */
    private void baseRootBack(ContainerSettings containers) {
        if (Files.isDirectory(containers.baseRoot())) {
            return;
        }
        BaseRoot root = BaseRoot.forHost(containers.baseRoot().getParent(), containers.ids());
        if (!root.dir().equals(containers.baseRoot())) {
            throw new CliException("the machines' base root " + containers.baseRoot() + " is gone, and this host's release"
                    + " or mirror has changed since it was made (it would now be " + root.dir() + ")");
        }
        var err = spec.commandLine().getErr();
        err.println("jujube: making the machines' base root again in " + root.dir());
        try {
            root.ensure(line -> err.println("  " + line));
        } catch (IOException e) {
            throw new CliException("cannot make the machines' base root: " + e.getMessage(), e);
        }
    }

    /** What {@code parse} makes of an option's value; its refusal, naming the option, when it breaks a rule. */
    private static <T> T option(String option, java.util.function.Supplier<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            // the rules' messages name the environment.yaml key; on the command line it is the option
            throw new CliException(option + " " + e.getMessage().replaceFirst("^'[a-z-]+':? ?", ""));
        }
    }

    private static void stop(ProcessHandle process) {
        process.destroy();
        try {
            process.onExit().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            process.destroyForcibly();
        }
    }

    /** The machine limits the options give, the defaults for the others; a bad one named in one line. */
    private MachineLimits machineLimits() {
        MachineLimits limits = MachineLimits.DEFAULT;
        String option = "--machine-processes";
        try {
            if (machineProcesses != null) {
                limits = limits.withProcesses(machineProcesses);
            }
            option = "--machine-memory";
            if (machineMemory != null) {
                limits = limits.withMemory(MachineLimits.parseSize(machineMemory));
            }
            option = "--machine-disk";
            if (machineDisk != null) {
                limits = limits.withDisk(MachineLimits.parseSize(machineDisk));
            }
            return limits;
        } catch (IllegalArgumentException e) {
            throw new CliException(option + ": " + e.getMessage());
        }
    }

    /**
     * What the new environment's machines are: containers when asked for or, unasked, when this host can
     * run them; processes when asked for or, unasked, when it cannot, saying why in one line. The first
     * container environment of a host makes the machines' base root, saying so as it goes.
     */
    private Optional<ContainerSettings> containers(Path dir, MachineLimits limits, Optional<MachineKind> kind) {
        if (kind.equals(Optional.of(MachineKind.PROCESS))) {
            return Optional.empty();
        }
        try {
            Optional<String> unavailable = ContainerHost.unavailable();
            if (unavailable.isPresent()) {
                return noContainers(unavailable.get());
            }
            MachineIds ids = SubordinateIds.host().ensureRootRange();
            BaseRoot root = BaseRoot.forHost(baseRoots(), ids);
            if (!root.ready()) {
                if (!BaseRoot.canMake(System.getenv("PATH"))) {
                    return noContainers("the machines' base root is not made yet and mmdebstrap, which makes it, is not"
                            + " installed");
                }
                var err = spec.commandLine().getErr();
                err.println("jujube: preparing the machines' base root filesystem once for this host: a minimal Debian "
                        + root.suite() + " from " + root.mirror() + " in " + root.dir());
                err.flush();
                root.ensure(line -> {
                    err.println("  " + line);
                    err.flush();
                });
            }
            Optional<String> cannot = ContainerHost.cannotStart(root.dir(), ids, baseRoots().resolveSibling("probes")
                    .resolve(Long.toString(ProcessHandle.current().pid())));
            if (cannot.isPresent()) {
                return noContainers(cannot.get());
            }
            return Optional.of(new ContainerSettings(ContainerNetwork.choose(dir), ids, limits, root.dir()));
        } catch (IOException | IllegalStateException e) {
            return noContainers(e.getMessage());
        }
    }

    /** Processes instead, with why; or, when containers were asked for, the refusal. */
    private Optional<ContainerSettings> noContainers(String why) {
        if (MachineKind.CONTAINER.key().equals(machines)) {
            throw new CliException("machines cannot be containers here: " + why + " (" + ContainerHost.HOW_TO_GET + ")");
        }
        spec.commandLine().getErr().println("jujube: machines will be processes of this host: " + why
                + " (for containers, " + ContainerHost.HOW_TO_GET + ")");
        return Optional.empty();
    }

    /** Where the host keeps machines' base roots: {@code JUJUBE_MACHINE_ROOTS}, else {@link BaseRoot#DEFAULT_PARENT}. */
    private static Path baseRoots() {
        String set = System.getenv("JUJUBE_MACHINE_ROOTS");
        return set == null || set.isBlank() ? BaseRoot.DEFAULT_PARENT : Path.of(set).toAbsolutePath();
    }

    private static void bridgeUp(LocalEnvironment env) {
        if (env.containers().isPresent() && env.embedded()) {
            try {
                ContainerHost.bridgeUp(env.containers().get().network());
            } catch (IOException e) {
                throw new CliException("cannot set up the containers' bridge: " + e.getMessage(), e);
            }
        }
    }

    private static List<String> controllerArguments(LocalEnvironment env) {
        List<String> args = new ArrayList<>(List.of("controller", "--env-dir", env.dir().toString(),
                "--max-restart-delay", Long.toString(env.definition().maxRestartDelay().toMillis())));
        if (env.embedded()) {
            args.addAll(List.of("--zookeeper-port", Integer.toString(env.definition().zookeeperPort()),
                    "--zookeeper-address", env.zookeeperAddress()));
            if (env.tls()) {
                args.addAll(List.of("--zookeeper-tls", env.certificates().dir().toString()));
            }
            if (env.definition().dashboardPort() > 0 && env.dashboardCertificates().exists()) {
                args.addAll(List.of("--dashboard-port", Integer.toString(env.definition().dashboardPort()),
                        "--dashboard-tls", env.dashboardCertificates().dir().toString()));
            }
        } else {
            args.addAll(List.of("--zookeeper", env.connectString()));
        }
        env.containers().ifPresent(c -> args.addAll(List.of("--machines", MachineKind.CONTAINER.key(),
                "--container-bridge", c.network().bridge(), "--container-network", c.network().cidr(),
                "--machine-ids", c.ids().toString(), "--machine-limits", c.limits().toString(),
                "--machine-root", c.baseRoot().toString())));
        return args;
    }

    /** Initializes the environment; machine 0 has no instance yet, so the controller's provider starts it. */
    private static void bringUp(StateConnection state, LocalEnvironment env, ProcessHandle controller, Duration timeout) {
        await("the controller's ZooKeeper", controller, env, timeout, () -> state.connectionState().isConnected());
        state.initialize(new EnvironmentSettings(env.name(), "local", env.definition().placement().key(), ""));
        await("machine 0's agent", controller, env, timeout,
                () -> state.machines().list().stream().anyMatch(m -> m.id() == 0 && m.agentConnected()));
    }

    private static void await(String what, ProcessHandle process, LocalEnvironment env, Duration timeout,
            BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            try {
                if (condition.getAsBoolean()) {
                    return;
                }
            } catch (RuntimeException e) {
                // not reachable yet: keep waiting until the deadline or the process's death
            }
            if (!process.isAlive()) {
                throw new CliException(what + " exited during bootstrap; see " + env.logs());
            }
            if (System.nanoTime() > deadline) {
                throw new CliException(what + " did not come up within " + timeout.toSeconds() + " s; see " + env.logs());
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CliException("interrupted while waiting for " + what);
            }
        }
    }

    private static int freePort(String address) {
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress(address, 0));
            return s.getLocalPort();
        } catch (IOException e) {
            throw new CliException("no free port on " + address + " for ZooKeeper: " + e.getMessage(), e);
        }
    }
}
