package jujube.state.internal;

import java.util.Map;
import jujube.model.RelationRole;
import jujube.model.RelationScope;

/** The records the topology is made of, as stored (ids, not names, link them). */
final class TopologyEntries {
    private TopologyEntries() {}

    /**
     * A unit: its service, its number, and either its machine key or, for a subordinate, its container's
     * unit id.
     */
    record UnitEntry(String service, int sequence, String machine, String container) {
        UnitEntry withMachine(String machineKey) {
            return new UnitEntry(service, sequence, machineKey, container);
        }
    }

    /** A service: its unique name and the number its next unit gets. */
    record ServiceEntry(String name, int unitSequence) {
        ServiceEntry withUnitSequence(int next) {
            return new ServiceEntry(name, next);
        }
    }

    /** One service's side of a relation: the charm's relation name and the role. */
    record EndpointEntry(String name, RelationRole role) {}

    /** A relation: interface, scope and the services taking part, by service id. */
    record RelationEntry(String interfaceName, RelationScope scope, Map<String, EndpointEntry> services) {}
}
