package jujube.state;

import jujube.model.RelationInfo;
import jujube.model.ServiceInfo;
import jujube.model.UnitInfo;

import java.util.List;

/**
 * What {@link Services#deploy} added.
 *
 * @param service the service
 * @param peers its peer relations
 * @param units its units, in order of their numbers, each with its machine
 * @since 3.1
 */
public record DeployedService(ServiceInfo service, List<RelationInfo> peers, List<UnitInfo> units) {
    public DeployedService {
        peers = List.copyOf(peers);
        units = List.copyOf(units);
    }
}
