package jujube.model;

import java.util.List;

/**
 * A service as the topology and its node record it.
 *
 * @param id the service's id, {@code service-0000000002}
 * @param name its unique name
 * @param charmId the charm it runs
 * @param units its units, in order of their numbers
 */
public record ServiceInfo(String id, String name, String charmId, List<UnitName> units) {
    public ServiceInfo {
        units = List.copyOf(units);
    }
}
