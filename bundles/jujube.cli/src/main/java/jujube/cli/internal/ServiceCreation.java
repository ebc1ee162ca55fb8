package jujube.cli.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jujube.charm.CharmMetadata;
import jujube.charm.RelationEndpointSpec;
import jujube.model.Placement;
import jujube.state.DeployedService;
import jujube.state.ServiceDeployment;
import jujube.state.StateConnection;

/**
 * Adds a service with its options, peer relations and units as one transaction: what {@code deploy} of a
 * charm and of a bundle both do for each new service.
 */
final class ServiceCreation {
    private ServiceCreation() {}

    /**
     * @param units the principal units to add; a subordinate gets none whatever this says, its units come
     *     with its principal's
     */
    static DeployedService create(StateConnection state, String charmId, CharmMetadata metadata, String name,
            Map<String, Object> config, int units, Placement placement) {
        // as in the original, a charm's peer relations exist from the start
        List<ServiceDeployment.Peer> peers = new ArrayList<>();
        for (RelationEndpointSpec peer : metadata.peers().values()) {
            peers.add(new ServiceDeployment.Peer(peer.interfaceName(), peer.name()));
        }
        return state.services().deploy(new ServiceDeployment(name, charmId, config, peers,
                metadata.subordinate() ? 0 : units, placement));
    }
}
