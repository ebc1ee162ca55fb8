package jujube.state;

import java.util.Objects;

/**
 * What bootstrap records about a new environment.
 *
 * @param name the environment's name
 * @param providerType the machine provider, {@code local} for machines on this host
 * @param placement where new units go: {@code local} (machine 0) or {@code unassigned}
 * @param bootstrapInstanceId the provider's id for machine 0
 */
public record EnvironmentSettings(String name, String providerType, String placement, String bootstrapInstanceId) {
    public EnvironmentSettings {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(providerType, "providerType");
        Objects.requireNonNull(bootstrapInstanceId, "bootstrapInstanceId");
        if (!placement.equals("local") && !placement.equals("unassigned")) {
            throw new IllegalArgumentException("placement must be 'local' or 'unassigned', got '" + placement + "'");
        }
    }
}
