package jujube.model;

import java.util.List;
import java.util.Optional;

/**
 * A relation as the topology records it.
 *
 * @param id the relation's id, {@code relation-0000000003}
 * @param interfaceName the interface both sides speak
 * @param scope global, or container for a principal and its subordinate
 * @param endpoints the services taking part, one per role
 */
public record RelationInfo(String id, String interfaceName, RelationScope scope, List<RelationEndpoint> endpoints) {
    public RelationInfo {
        endpoints = List.copyOf(endpoints);
    }

    /** The endpoint of {@code serviceName}, if it takes part. */
    public Optional<RelationEndpoint> endpointOf(String serviceName) {
        return endpoints.stream().filter(e -> e.serviceName().equals(serviceName)).findFirst();
    }
}
