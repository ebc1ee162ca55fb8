package jujube.provider.local;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a local environment keeps its machines, and how one is started: as a process of this host, or,
 * when the environment has a {@link ContainerNetwork}, as an LXC container whose init runs the agent.
 *
 * @param envDir the environment's directory; every machine process's command line names it, which
 *     is how {@code destroy-environment} and the provider recognise the environment's processes
 * @param distDir the distribution, holding {@code bin/jujube-agent}
 * @param zookeeper the ZooKeeper connect string the machines use (for containers, at the bridge's address)
 * @param charmStorage the environment's charm storage directory
 * @param sessionTimeoutMs the machines' ZooKeeper session timeout
 * @param containers the containers' network when machines are containers, empty when they are processes
 * @param zookeeperCa the environment's authority certificate when ZooKeeper serves TLS, else empty; each
 *     machine gets a copy in its own directory ({@link #zookeeperCa(int)}), which a container sees
 * @param processAddress where a process machine's units are reached: loopback, unless the environment
 *     serves other hosts, whose machines reach them at the address this host has for them
 */
public record LocalLayout(Path envDir, Path distDir, String zookeeper, Path charmStorage, int sessionTimeoutMs,
        Optional<ContainerNetwork> containers, Optional<Path> zookeeperCa, String processAddress) {
    /** The address of a process machine: every unit of the host shares its loopback. */
    public static final String PROCESS_ADDRESS = "127.0.0.1";

    public LocalLayout {
        Objects.requireNonNull(envDir, "envDir");
        Objects.requireNonNull(distDir, "distDir");
        Objects.requireNonNull(charmStorage, "charmStorage");
        Objects.requireNonNull(containers, "containers");
        Objects.requireNonNull(zookeeperCa, "zookeeperCa");
        if (processAddress == null || processAddress.isBlank()) {
            processAddress = PROCESS_ADDRESS;
        }
        if (zookeeper == null || zookeeper.isBlank()) {
            throw new IllegalArgumentException("the local provider needs a ZooKeeper connect string");
        }
        envDir = envDir.toAbsolutePath();
        distDir = distDir.toAbsolutePath();
        charmStorage = charmStorage.toAbsolutePath();
    }

    /** A layout whose machines reach ZooKeeper in the clear. */
    public LocalLayout(Path envDir, Path distDir, String zookeeper, Path charmStorage, int sessionTimeoutMs,
            Optional<ContainerNetwork> containers) {
        this(envDir, distDir, zookeeper, charmStorage, sessionTimeoutMs, containers, Optional.empty(), PROCESS_ADDRESS);
    }

    /** A layout whose machines are processes of this host. */
    public LocalLayout(Path envDir, Path distDir, String zookeeper, Path charmStorage, int sessionTimeoutMs) {
        this(envDir, distDir, zookeeper, charmStorage, sessionTimeoutMs, Optional.empty(), Optional.empty(),
                PROCESS_ADDRESS);
    }

    /** The instance id of machine {@code machineId}: {@code local-N}. */
    public static String instanceId(int machineId) {
        return "local-" + machineId;
    }

    /** The machine of an instance id, empty when it is not a local instance id. */
    public static Optional<Integer> machineOf(String instanceId) {
        if (instanceId == null || !instanceId.matches("local-[0-9]{1,9}")) {
            return Optional.empty();
        }
        return Optional.of(Integer.parseInt(instanceId.substring("local-".length())));
    }

    public Path machineDir(int machineId) {
        return machineDir(envDir, machineId);
    }

    /**
     * Machine {@code machineId}'s copy of the authority certificate, which its agent trusts ZooKeeper with.
     *
     * @since 2.1
     */
    public Path zookeeperCa(int machineId) {
        return machineDir(machineId).resolve("zookeeper-ca.pem");
    }

    public Path pidFile(int machineId) {
        return new PidFiles(envDir).file("machine-" + machineId);
    }

    public Path pids() {
        return pids(envDir);
    }

    /**
     * Where the machine's log is read: {@code logs/machine-N.log}; for a container machine a symbolic link
     * to {@link #agentLog}, which the provider makes before the machine starts.
     */
    public Path log(int machineId) {
        return logs(envDir).resolve("machine-" + machineId + ".log");
    }

    /**
     * The file the machine's agent writes its log to, rolled by size beside it ({@code .1}, {@code .2} ...):
     * a process machine's is {@link #log} itself; a container machine's is in the machine's own directory,
     * the one place of the environment that it shares with the host.
     */
    public Path agentLog(int machineId) {
        return containers.isPresent() ? machineDir(machineId).resolve("log").resolve("machine-" + machineId + ".log")
                : log(machineId);
    }

    /** What the machine's process prints outside its log (the JVM's own messages, a crash; LXC's): {@code logs/machine-N.out}. */
    public Path output(int machineId) {
        return logs(envDir).resolve("machine-" + machineId + ".out");
    }

    /** The LXC path of the environment's containers ({@code lxc-ls -P}, {@code lxc-attach -P}). */
    public Path containersDir() {
        return containersDir(envDir);
    }

    /** The container of machine {@code machineId}: the environment's name, then {@code -machine-N}. */
    public String containerName(int machineId) {
        return containerName(envDir, machineId);
    }

    /** {@link #containersDir()} of the environment in {@code envDir}, for who has no whole layout. */
    public static Path containersDir(Path envDir) {
        return envDir.toAbsolutePath().resolve("containers");
    }

    /** {@link #containerName(int)} of the environment in {@code envDir}, for who has no whole layout. */
    public static String containerName(Path envDir, int machineId) {
        return envDir.toAbsolutePath().getFileName() + "-machine-" + machineId;
    }

    /**
     * {@link #machineDir(int)} of the environment in {@code envDir}, for who has no whole layout.
     *
     * @since 2.2
     */
    public static Path machineDir(Path envDir, int machineId) {
        return envDir.resolve("machines").resolve("machine-" + machineId);
    }

    /**
     * {@link #pids()} of the environment in {@code envDir}, for who has no whole layout: see {@link PidFiles}.
     *
     * @since 2.2
     */
    public static Path pids(Path envDir) {
        return envDir.resolve("pids");
    }

    /**
     * Where the environment in {@code envDir} keeps its processes' logs and output ({@link #log},
     * {@link #output}), for who has no whole layout.
     *
     * @since 2.2
     */
    public static Path logs(Path envDir) {
        return envDir.resolve("logs");
    }

    /** The container's directory: its LXC {@code config} and its writable layer, {@code delta/}. */
    public Path containerDir(int machineId) {
        return containersDir().resolve(containerName(machineId));
    }

    /** The address the machine's units are reached at. */
    public String address(int machineId) {
        return containers.map(n -> n.machineAddress(machineId)).orElse(processAddress);
    }

    /**
     * The command that runs machine {@code machineId}'s agent, detached in its own session: the agent
     * itself, or {@code lxc-execute} of the machine's container (prepared by the provider), whose init
     * runs the agent. Either way the process lives exactly as long as the machine's agent.
     */
    public List<String> command(int machineId) {
        List<String> command = new ArrayList<>(List.of("setsid"));
        if (containers.isPresent()) {
            command.addAll(List.of("lxc-execute", "-n", containerName(machineId), "-P", containersDir().toString(), "--"));
        }
        command.addAll(List.of(distDir.resolve("bin").resolve("jujube-agent").toString(), "machine",
                "--machine-id", Integer.toString(machineId), "--zookeeper", zookeeper,
                "--data-dir", machineDir(machineId).toString(), "--charm-storage", charmStorage.toString(),
                "--session-timeout", Integer.toString(sessionTimeoutMs), "--log-file", agentLog(machineId).toString()));
        if (containers.isPresent() || !processAddress.equals(PROCESS_ADDRESS)) {
            command.addAll(List.of("--address", address(machineId)));
        }
        if (zookeeperCa.isPresent()) {
            command.addAll(List.of("--zookeeper-ca", zookeeperCa(machineId).toString()));
        }
        return command;
    }
}
