package jujube.provider.local;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a local environment keeps its machines, and how one is started: as a process of this host, or,
 * when the environment has {@link ContainerSettings}, as an unprivileged LXC container whose init runs
 * the agent.
 *
 * <p>A process machine's directory is {@code machines/machine-N} in the environment's directory. A
 * container machine's is on its own disk: an image in {@code containers/<container>/} mounted at
 * {@code machine-N/} of the environment's runtime directory ({@link #runtimeDir}, outside the
 * environment's directory, which only the host's root may enter), holding its directory ({@code home/})
 * and its root filesystem's writable layer ({@code upper/}); the LXC path and the read-only views of the
 * charm storage and the distribution are there too. A machine sees its directory at the same path
 * inside as the host does.
 *
 * @param envDir the environment's directory; every machine process's command line names it, which
 *     is how {@code destroy-environment} and the provider recognise the environment's processes
 * @param distDir the distribution, holding {@code bin/jujube-agent}
 * @param zookeeper the ZooKeeper connect string the machines use (for containers, at the bridge's address)
 * @param charmStorage the environment's charm storage directory
 * @param sessionTimeoutMs the machines' ZooKeeper session timeout
 * @param containers what container machines are, empty when machines are processes
 * @param zookeeperCa the environment's authority certificate when ZooKeeper serves TLS, else empty; each
 *     machine gets a copy in its own directory ({@link #zookeeperCa(int)}), which a container sees
 * @param processAddress where a process machine's units are reached: loopback, unless the environment
 *     serves other hosts, whose machines reach them at the address this host has for them
 */
public record LocalLayout(Path envDir, Path distDir, String zookeeper, Path charmStorage, int sessionTimeoutMs,
        Optional<ContainerSettings> containers, Optional<Path> zookeeperCa, String processAddress) {
    /** The address of a process machine: every unit of the host shares its loopback. */
    public static final String PROCESS_ADDRESS = "127.0.0.1";
    /** Where environments' runtime directories are: mount points and LXC paths, gone with a reboot. */
    public static final Path RUNTIME_ROOT = Path.of("/run/jujube");

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
            Optional<ContainerSettings> containers) {
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

    /** The machine's own directory: its agent's data, its units, its log. */
    public Path machineDir(int machineId) {
        return machineDir(envDir, machineId, containers.isPresent());
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
     * Where the machine's log is read: {@code logs/machine-N/machine-N.log}, the files it rolled beside it
     * ({@code .1}, {@code .2} ...).
     */
    public Path log(int machineId) {
        return log(envDir, machineId);
    }

    /** {@link #log(int)} of the environment in {@code envDir}, for who has no whole layout. */
    public static Path log(Path envDir, int machineId) {
        return logs(envDir).resolve("machine-" + machineId).resolve("machine-" + machineId + ".log");
    }

    /**
     * The file the machine's agent writes its log to: a process machine's is {@link #log} itself; a
     * container machine's is in the log directory of its own directory, on its own disk, which the host
     * mounts at {@link #log}'s directory (so the machine writes no byte on the host's disk, and the host
     * no byte in it).
     */
    public Path agentLog(int machineId) {
        return containers.isPresent() ? machineDir(machineId).resolve("log").resolve("machine-" + machineId + ".log")
                : log(machineId);
    }

    /** What the machine's process prints outside its log (the JVM's own messages, a crash; LXC's): {@code logs/machine-N.out}. */
    public Path output(int machineId) {
        return logs(envDir).resolve("machine-" + machineId + ".out");
    }

    /** What LXC says of a container machine's start and end, its errors: {@code logs/machine-N.lxc.log}. */
    public Path containerLog(int machineId) {
        return logs(envDir).resolve("machine-" + machineId + ".lxc.log");
    }

    /** The LXC path of the environment's containers ({@code lxc-ls -P}, {@code lxc-attach -P}). */
    public Path containersDir() {
        return containersDir(envDir);
    }

    /**
     * The environment's runtime directory, {@code /run/jujube/env-<hash of its directory>}: what the
     * machines' root must reach, which the environment's directory, the host root's alone, cannot hold.
     */
    public Path runtimeDir() {
        return runtimeDir(envDir);
    }

    /** {@link #runtimeDir()} of the environment in {@code envDir}, for who has no whole layout. */
    public static Path runtimeDir(Path envDir) {
        return RUNTIME_ROOT.resolve("env-" + ContainerNetwork.hash(envDir.toAbsolutePath().normalize()));
    }

    /** Where container machine {@code machineId}'s disk is mounted: its {@code home/}, {@code upper/} and {@code work/}. */
    public Path machineMount(int machineId) {
        return runtimeDir().resolve("machine-" + machineId);
    }

    /** The image of container machine {@code machineId}'s disk, which outlives a reboot. */
    public Path machineImage(int machineId) {
        return containerDataDir(machineId).resolve("disk.img");
    }

    /** The read-only view of the charm storage that container machines bind. */
    public Path charmsView() {
        return runtimeDir().resolve("charms");
    }

    /** The read-only view of the distribution that container machines bind. */
    public Path distView() {
        return runtimeDir().resolve("dist");
    }

    /** The container of machine {@code machineId}: the environment's name, then {@code -machine-N}. */
    public String containerName(int machineId) {
        return containerName(envDir, machineId);
    }

    /** {@link #containersDir()} of the environment in {@code envDir}, for who has no whole layout. */
    public static Path containersDir(Path envDir) {
        return runtimeDir(envDir).resolve("lxc");
    }

    /** {@link #containerName(int)} of the environment in {@code envDir}, for who has no whole layout. */
    public static String containerName(Path envDir, int machineId) {
        return envDir.toAbsolutePath().getFileName() + "-machine-" + machineId;
    }

    /**
     * {@link #machineDir(int)} of the environment in {@code envDir}, for who has no whole layout.
     *
     * @param containers whether the environment's machines are containers
     * @since 3.0
     */
    public static Path machineDir(Path envDir, int machineId, boolean containers) {
        return containers ? runtimeDir(envDir).resolve("machine-" + machineId).resolve("home")
                : envDir.resolve("machines").resolve("machine-" + machineId);
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

    /** The container's LXC directory: its {@code config} and {@code seccomp} profile, written at each start. */
    public Path containerDir(int machineId) {
        return containersDir().resolve(containerName(machineId));
    }

    /** What the container keeps in the environment's directory: its disk's image. */
    public Path containerDataDir(int machineId) {
        return envDir.resolve("containers").resolve(containerName(machineId));
    }

    /** The address the machine's units are reached at. */
    public String address(int machineId) {
        return containers.map(c -> c.network().machineAddress(machineId)).orElse(processAddress);
    }

    /**
     * The command that runs machine {@code machineId}'s agent, detached in its own session: the agent
     * itself, or {@code lxc-execute} of the machine's container (prepared by the provider), whose init
     * runs the agent. Either way the process lives exactly as long as the machine's agent.
     */
    public List<String> command(int machineId) {
        List<String> command = new ArrayList<>(List.of("setsid"));
        if (containers.isPresent()) {
            // LXC's own log in the environment's logs, which also names the environment on the command line
            command.addAll(List.of("lxc-execute", "-n", containerName(machineId), "-P", containersDir().toString(),
                    "-o", containerLog(machineId).toString(), "--"));
        }
        Path dist = containers.isPresent() ? distView() : distDir;
        Path charms = containers.isPresent() ? charmsView() : charmStorage;
        command.addAll(List.of(dist.resolve("bin").resolve("jujube-agent").toString(), "machine",
                "--machine-id", Integer.toString(machineId), "--zookeeper", zookeeper,
                "--data-dir", machineDir(machineId).toString(), "--charm-storage", charms.toString(),
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
