package jujube.provider.local;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * What an environment's container machines are: where they live on the network, which host ids their
 * own ids map to, what each may use of the host, and the base root they start from.
 *
 * @param network the environment's bridge and addresses
 * @param ids the host ids of the machines' ids
 * @param limits each machine's processes, memory and disk
 * @param baseRoot the shared read-only root filesystem ({@link BaseRoot#dir()})
 * @since 3.1
 */
public record ContainerSettings(ContainerNetwork network, MachineIds ids, MachineLimits limits, Path baseRoot) {
    public ContainerSettings {
        Objects.requireNonNull(network, "network");
        Objects.requireNonNull(ids, "ids");
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(baseRoot, "baseRoot");
        baseRoot = baseRoot.toAbsolutePath().normalize();
    }

    /**
     * The settings that {@code machines} calls for, as the controller's command line and configuration give
     * them, each as text: none when {@code machines} is {@code process}; when it is {@code container},
     * {@code container-bridge} and {@code container-network} ({@link ContainerNetwork#of}),
     * {@code machine-ids} ({@link MachineIds#parse}), {@code machine-limits} ({@link MachineLimits#parse},
     * empty for the defaults) and {@code machine-root}, an absolute path.
     *
     * @throws IllegalArgumentException in one line that names the setting and the value refused
     */
    public static Optional<ContainerSettings> forMachines(String machines, String bridge, String network, String ids,
            String limits, String baseRoot) {
        MachineKind kind;
        try {
            kind = MachineKind.of(machines);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'machines' " + e.getMessage(), e);
        }
        return switch (kind) {
            case PROCESS -> Optional.empty();
            case CONTAINER -> Optional.of(parse(bridge, network, ids, limits, baseRoot));
        };
    }

    private static ContainerSettings parse(String bridge, String network, String ids, String limits, String baseRoot) {
        String key = "container-network";
        try {
            ContainerNetwork parsedNetwork = ContainerNetwork.of(bridge, network);
            key = "machine-ids";
            MachineIds parsedIds = MachineIds.parse(ids);
            key = "machine-limits";
            MachineLimits parsedLimits = MachineLimits.parse(limits);
            key = "machine-root";
            if (baseRoot == null || !baseRoot.startsWith("/")) {
                throw new IllegalArgumentException("must be an absolute path, got '" + baseRoot + "'");
            }
            return new ContainerSettings(parsedNetwork, parsedIds, parsedLimits, Path.of(baseRoot));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + key + "': " + e.getMessage(), e);
        }
    }
}
