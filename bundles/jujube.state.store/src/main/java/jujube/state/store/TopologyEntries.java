package jujube.state.store;

import java.util.Map;
import jujube.model.RelationRole;
import jujube.model.RelationScope;

/** The records the topology is made of, as stored (ids, not names, link them). */
public final class TopologyEntries {
    private TopologyEntries() {}

    /**
     * A unit: its service, its number, and either its machine key or, for a subordinate, its container's
     * unit id.
     */
    public record UnitEntry(String service, int sequence, String machine, String container) {
        UnitEntry withMachine(String machineKey) {
            return new UnitEntry(service, sequence, machineKey, container);
        }
    }

    /** A service: its unique name and the number its next unit gets. */
    public record ServiceEntry(String name, int unitSequence) {
        ServiceEntry withUnitSequence(int next) {
            return new ServiceEntry(name, next);
        }
    }

    /** One service's side of a relation: the charm's relation name and the role. */
    public record EndpointEntry(String name, RelationRole role) {}

    /** A relation: interface, scope and the services taking part, by service id. */
    public record RelationEntry(String interfaceName, RelationScope scope, Map<String, EndpointEntry> services) {}
}
