package jujube.provider.local;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a local environment keeps its machines, and how one is started.
 *
 * @param envDir the environment's directory; every machine process's command line names it, which
 *     is how {@code destroy-environment} and the provider recognise the environment's processes
 * @param distDir the distribution, holding {@code bin/jujube-agent}
 * @param zookeeper the ZooKeeper connect string the machines use
 * @param charmStorage the environment's charm storage directory
 * @param sessionTimeoutMs the machines' ZooKeeper session timeout
 */
public record LocalLayout(Path envDir, Path distDir, String zookeeper, Path charmStorage, int sessionTimeoutMs) {
    public LocalLayout {
        Objects.requireNonNull(envDir, "envDir");
        Objects.requireNonNull(distDir, "distDir");
        Objects.requireNonNull(charmStorage, "charmStorage");
        if (zookeeper == null || zookeeper.isBlank()) {
            throw new IllegalArgumentException("the local provider needs a ZooKeeper connect string");
        }
        envDir = envDir.toAbsolutePath();
        distDir = distDir.toAbsolutePath();
        charmStorage = charmStorage.toAbsolutePath();
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
        return envDir.resolve("machines").resolve("machine-" + machineId);
    }

    public Path pidFile(int machineId) {
        return pids().resolve("machine-" + machineId + ".pid");
    }

    public Path pids() {
        return envDir.resolve("pids");
    }

    public Path log(int machineId) {
        return envDir.resolve("logs").resolve("machine-" + machineId + ".log");
    }

    /** The command that runs machine {@code machineId}'s agent, detached in its own session. */
    public List<String> command(int machineId) {
        return List.of("setsid", distDir.resolve("bin").resolve("jujube-agent").toString(), "machine",
                "--machine-id", Integer.toString(machineId), "--zookeeper", zookeeper,
                "--data-dir", machineDir(machineId).toString(), "--charm-storage", charmStorage.toString(),
                "--session-timeout", Integer.toString(sessionTimeoutMs));
    }
}
