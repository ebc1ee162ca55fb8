package jujube.cli.internal;

import java.util.Optional;
import jujube.cli.CliException;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationScope;

/**
 * The container relations that tie a subordinate service to a principal: while one exists, the
 * subordinate's units live in the principal's containers, so the subordinate side cannot be removed
 * piecemeal (seed 004, as the original refused it). Removing the container relation itself is allowed
 * (**beyond** the original): it is how the operator removes the subordinate units.
 */
final class ContainerTies {
    /** A subordinate service and the principal a container relation ties it to. */
    record Tie(String subordinate, String principal) {}

    private final EnvironmentSession session;

    ContainerTies(EnvironmentSession session) {
        this.session = session;
    }

    /** The tie the relation makes, if it is a container relation between a subordinate and a principal. */
    Optional<Tie> of(RelationInfo relation) {
        if (relation.scope() != RelationScope.CONTAINER || relation.endpoints().size() != 2) {
            return Optional.empty();
        }
        RelationEndpoint a = relation.endpoints().get(0);
        RelationEndpoint b = relation.endpoints().get(1);
        boolean aSub = session.service(a.serviceName()).subordinate();
        boolean bSub = session.service(b.serviceName()).subordinate();
        if (aSub == bSub) {
            return Optional.empty();
        }
        return Optional.of(aSub ? new Tie(a.serviceName(), b.serviceName()) : new Tie(b.serviceName(), a.serviceName()));
    }

    /** The principal the subordinate {@code service} is tied to, if any. */
    Optional<Tie> principalOf(String service) {
        return session.state().relations().ofService(service).stream().map(this::of).flatMap(Optional::stream)
                .filter(t -> t.subordinate().equals(service)).findFirst();
    }

    /** Refuses to destroy a subordinate service tied to a principal. */
    void refuseServiceRemoval(String service) {
        principalOf(service).ifPresent(t -> {
            throw new CliException("Unsupported attempt to destroy subordinate service '" + t.subordinate()
                    + "' while principal service '" + t.principal() + "' is related.");
        });
    }
}
