package jujube.state;

import jujube.model.Placement;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A service to add with everything that comes with it, what {@link Services#deploy} writes as one
 * transaction.
 *
 * @param name the service's name (see {@link Services#problemWithName})
 * @param charmId the published charm it runs
 * @param config its explicitly set options; a null value leaves an option at its default
 * @param peers the peer relations of its charm, which exist from the start
 * @param units how many principal units to add: none for a subordinate, at most {@link Units#MAX_UNITS_PER_REQUEST}
 * @param placement where those units go
 * @since 3.1
 */
public record ServiceDeployment(String name, String charmId, Map<String, Object> config, List<Peer> peers, int units,
        Placement placement) {

    /** One peer relation of the charm: the interface and the charm's name for the relation. */
    public record Peer(String interfaceName, String relationName) {
        public Peer {
            Objects.requireNonNull(interfaceName, "interfaceName");
            Objects.requireNonNull(relationName, "relationName");
        }
    }

    public ServiceDeployment {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(charmId, "charmId");
        Objects.requireNonNull(placement, "placement");
        config = Collections.unmodifiableMap(new LinkedHashMap<>(config));
        peers = List.copyOf(peers);
        if (units < 0 || units > Units.MAX_UNITS_PER_REQUEST) {
            throw new IllegalArgumentException("units: " + units + " is not within 0.." + Units.MAX_UNITS_PER_REQUEST);
        }
    }
}
