package jujube.provider.local;

import java.nio.file.Path;
import java.util.Objects;

/**
 * What an environment's container machines are: where they live on the network, which host ids their
 * own ids map to, what each may use of the host, and the base root they start from.
 *
 * @param network the environment's bridge and addresses
 * @param ids the host ids of the machines' ids
 * @param limits each machine's processes, memory and disk
 * @param baseRoot the shared read-only root filesystem ({@link BaseRoot#dir()})
 */
public record ContainerSettings(ContainerNetwork network, MachineIds ids, MachineLimits limits, Path baseRoot) {
    public ContainerSettings {
        Objects.requireNonNull(network, "network");
        Objects.requireNonNull(ids, "ids");
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(baseRoot, "baseRoot");
        baseRoot = baseRoot.toAbsolutePath().normalize();
    }
}
