package jujube.provider.local;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jujube.tls.WirePolicy;

/**
 * What a local environment is: the settings chosen at bootstrap, kept in its {@code environment.yaml}
 * ({@link EnvironmentFile} reads and writes them) and handed as they are to whoever starts or serves it:
 * the command line, the controller's launcher, the local provider. Valid by construction: each rule is
 * checked here and nowhere else, and a value that breaks one is refused with
 * {@link IllegalArgumentException} in one line that names its {@code environment.yaml} key and the value.
 *
 * @param name the environment's name
 * @param placement where new units go when no machine is named
 * @param zookeeperPort the embedded ZooKeeper's port, 1 to 65535; 0 when not given, which only an
 *     environment on an external ensemble may leave it
 * @param zookeeper an external ensemble, {@code host:port[,host:port...]}, which takes precedence over the
 *     port; empty for the embedded server
 * @param chroot the ZooKeeper path below which the environment's state lives when it shares an ensemble,
 *     empty for the root
 * @param zookeeperAddress where the embedded ZooKeeper listens, empty for its default ({@link #listenAddress})
 * @param tls whether ZooKeeper serves TLS only, with the certificates in the environment's {@code tls/};
 *     required when its address is reachable from other hosts ({@link WirePolicy})
 * @param containers what the machines are when they are containers; empty when they are processes
 * @param maxRestartDelay the longest wait before the controller starts again a machine whose agent keeps
 *     dying young, at least {@link #MIN_MAX_RESTART_DELAY}
 * @param dashboardPort the port the controller serves the dashboard on over HTTPS, at the ZooKeeper's listen
 *     address; 0 for none (an environment bootstrapped before the dashboard existed) (since 3.2)
 * @since 3.1
 */
public record EnvironmentDefinition(String name, PlacementPolicy placement, int zookeeperPort, String zookeeper,
        String chroot, String zookeeperAddress, boolean tls, Optional<ContainerSettings> containers,
        Duration maxRestartDelay, int dashboardPort) {
    /** The controller's own default, which {@code environment.yaml} then leaves out. */
    public static final Duration DEFAULT_MAX_RESTART_DELAY = Duration.ofSeconds(30);
    /** Shorter waits would let a machine that cannot start spin. */
    public static final Duration MIN_MAX_RESTART_DELAY = Duration.ofMillis(250);
    /** Where the embedded ZooKeeper listens by default, and where process machines' units are reached. */
    public static final String LOOPBACK = "127.0.0.1";
    private static final Pattern SERVER = Pattern.compile("[^\\s,:/]+:(\\d{1,5})");

    public EnvironmentDefinition {
        if (dashboardPort < 0 || dashboardPort > 65535) {
            throw new IllegalArgumentException("'dashboard-port' must be a port number, got '" + dashboardPort + "'");
        }
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("'name' must not be empty, got '" + name + "'");
        }
        Objects.requireNonNull(placement, "placement");
        zookeeper = zookeeper == null ? "" : zookeeper;
        chroot = chroot == null ? "" : chroot;
        zookeeperAddress = zookeeperAddress == null ? "" : zookeeperAddress.strip();
        Objects.requireNonNull(containers, "containers");
        if (!zookeeper.isEmpty() && !validEnsemble(zookeeper)) {
            throw new IllegalArgumentException(ensembleRefused(zookeeper));
        }
        if ((zookeeper.isEmpty() || zookeeperPort != 0) && (zookeeperPort < 1 || zookeeperPort > 65535)) {
            throw new IllegalArgumentException(portRefused(zookeeperPort));
        }
        Objects.requireNonNull(maxRestartDelay, "maxRestartDelay");
        if (maxRestartDelay.compareTo(MIN_MAX_RESTART_DELAY) < 0
                || maxRestartDelay.compareTo(Duration.ofMillis(Integer.MAX_VALUE)) > 0) {
            throw new IllegalArgumentException(restartDelayRefused(maxRestartDelay.toMillis()));
        }
        if (zookeeper.isEmpty()) {
            boolean requiresTls;
            try {
                requiresTls = WirePolicy.requiresTls(listenAddress(zookeeperAddress, containers),
                        containers.map(c -> c.network().hostAddress()));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("'zookeeper-address': " + e.getMessage());
            }
            if (requiresTls && !tls) {
                throw new IllegalArgumentException("'zookeeper-address' " + zookeeperAddress + " is reachable from other"
                        + " hosts: ZooKeeper must then serve TLS ('zookeeper-tls: true', with certificates that"
                        + " bootstrap --tls makes)");
            }
        }
    }

    /** A definition without a dashboard. */
    public EnvironmentDefinition(String name, PlacementPolicy placement, int zookeeperPort, String zookeeper,
            String chroot, String zookeeperAddress, boolean tls, Optional<ContainerSettings> containers,
            Duration maxRestartDelay) {
        this(name, placement, zookeeperPort, zookeeper, chroot, zookeeperAddress, tls, containers, maxRestartDelay, 0);
    }

    /**
     * A new environment's definition: its embedded ZooKeeper on {@code zookeeperPort}, at its default
     * address, in the clear, shared by nobody, restarting machines after the default delays.
     */
    public static EnvironmentDefinition embedded(String name, PlacementPolicy placement, int zookeeperPort,
            Optional<ContainerSettings> containers) {
        return new EnvironmentDefinition(name, placement, zookeeperPort, "", "", "", false, containers,
                DEFAULT_MAX_RESTART_DELAY);
    }

    /** This definition with another longest restart delay. */
    public EnvironmentDefinition withMaxRestartDelay(Duration delay) {
        return new EnvironmentDefinition(name, placement, zookeeperPort, zookeeper, chroot, zookeeperAddress, tls,
                containers, delay, dashboardPort);
    }

    /** This definition with the dashboard on {@code port} (0 for none). */
    public EnvironmentDefinition withDashboardPort(int port) {
        return new EnvironmentDefinition(name, placement, zookeeperPort, zookeeper, chroot, zookeeperAddress, tls,
                containers, maxRestartDelay, port);
    }

    /** This definition with the embedded ZooKeeper at {@code address} and serving TLS or not. */
    public EnvironmentDefinition withZookeeperAddress(String address, boolean serveTls) {
        return new EnvironmentDefinition(name, placement, zookeeperPort, zookeeper, chroot, address, serveTls,
                containers, maxRestartDelay, dashboardPort);
    }

    /** What the machines are. */
    public MachineKind machineKind() {
        return containers.isPresent() ? MachineKind.CONTAINER : MachineKind.PROCESS;
    }

    /** Whether the environment's ZooKeeper is the one its controller process embeds. */
    public boolean embedded() {
        return zookeeper.isEmpty();
    }

    /**
     * The address the embedded ZooKeeper listens on: the one configured, else the bridge's for containers,
     * else loopback.
     */
    public String listenAddress() {
        return listenAddress(zookeeperAddress, containers);
    }

    /** The external ensemble when there is one, else the embedded server at {@link #listenAddress()}. */
    public String connectString() {
        return embedded() ? listenAddress() + ":" + zookeeperPort : zookeeper;
    }

    /**
     * Whether other hosts can reach the environment's ZooKeeper, which then serves only TLS
     * ({@link WirePolicy}): machines on other hosts need it, and their charms travel in the state.
     */
    public boolean servesOtherHosts() {
        return embedded() && WirePolicy.requiresTls(listenAddress(), containers.map(c -> c.network().hostAddress()));
    }

    /**
     * Where a process machine's units are reached: loopback, unless the environment serves other hosts,
     * whose machines reach them at the address this host has for them.
     */
    public String processAddress() {
        return servesOtherHosts() && containers.isEmpty() ? listenAddress() : LOOPBACK;
    }

    /** Whether {@code connect} is a non-empty list of {@code host:port}, comma-separated, ports 1 to 65535. */
    public static boolean validEnsemble(String connect) {
        if (connect == null || connect.isEmpty()) {
            return false;
        }
        for (String server : connect.split(",", -1)) {
            Matcher m = SERVER.matcher(server);
            if (!m.matches() || Integer.parseInt(m.group(1)) < 1 || Integer.parseInt(m.group(1)) > 65535) {
                return false;
            }
        }
        return true;
    }

    private static String listenAddress(String configured, Optional<ContainerSettings> containers) {
        return !configured.isEmpty() ? configured : containers.map(c -> c.network().hostAddress()).orElse(LOOPBACK);
    }

    static String ensembleRefused(Object value) {
        return "'zookeeper' must be host:port[,host:port...], got '" + value + "'";
    }

    static String portRefused(Object value) {
        return "'zookeeper-port' is missing or not a port number, got '" + value + "'";
    }

    static String restartDelayRefused(Object value) {
        return "'max-restart-delay' must be a number of ms, at least " + MIN_MAX_RESTART_DELAY.toMillis() + ", got '"
                + value + "'";
    }
}
