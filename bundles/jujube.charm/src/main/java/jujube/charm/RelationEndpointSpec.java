package jujube.charm;

import jujube.model.RelationRole;
import jujube.model.RelationScope;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * One relation endpoint a charm declares: {@code db: mysql} under {@code requires} is the endpoint
 * named {@code db}, interface {@code mysql}, role client, no limit, global scope, not optional.
 *
 * @param name the relation name, unique within the charm
 * @param interfaceName the interface both sides of a relation must share
 * @param role server (provides), client (requires) or peer (peers)
 * @param limit how many relations the endpoint accepts, as the charm declares it; empty means no limit
 * @param scope global, or container for relations between a subordinate and its principal
 * @param optional whether the charm works without the relation (informational, as in juju)
 */
public record RelationEndpointSpec(
        String name, String interfaceName, RelationRole role, OptionalInt limit, RelationScope scope, boolean optional) {

    /** The interface of the endpoint every service provides without declaring it. */
    public static final String JUJU_INFO = "juju-info";

    public RelationEndpointSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(interfaceName, "interfaceName");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(limit, "limit");
        Objects.requireNonNull(scope, "scope");
    }

    /** The implicit {@code juju-info} endpoint: provided by every service, global, unlimited. */
    public static RelationEndpointSpec jujuInfo() {
        return new RelationEndpointSpec(JUJU_INFO, JUJU_INFO, RelationRole.SERVER, OptionalInt.empty(), RelationScope.GLOBAL, false);
    }

    /**
     * Whether a relation between two services may join this endpoint with {@code other}: same interface,
     * server with client. Peer endpoints never match here: a peer relation exists only within its service.
     */
    public boolean canRelateTo(RelationEndpointSpec other) {
        return interfaceName.equals(other.interfaceName) && role.counterpart() == other.role && role != RelationRole.PEER;
    }

    /** The expanded {@code metadata.yaml} form of this endpoint, as {@link CharmReader} reads it back. */
    public Map<String, Object> toMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("interface", interfaceName);
        map.put("limit", limit.isPresent() ? Integer.valueOf(limit.getAsInt()) : null);
        map.put("scope", scope.key());
        map.put("optional", optional);
        return map;
    }
}
