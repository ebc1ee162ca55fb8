package jujube.cli.internal;

import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import jujube.cli.CliException;
import jujube.cli.internal.RelationEndpoints.Candidate;
import jujube.cli.internal.RelationEndpoints.Endpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationRole;

/**
 * The {@code limit} a charm declares on an endpoint, held as Go juju 3 holds {@code integrate} to it: a
 * relation that would give a service's endpoint more relations than its limit is refused with Go juju's
 * message, before anything is written. An endpoint without a declared limit takes any number.
 *
 * <p>The count is read before the relation is added, in another request: two commands adding relations to
 * the same endpoint at the same instant can both pass it. Go juju counts in the transaction that adds; the
 * topology's transaction does not know the charms' limits.
 */
final class RelationLimits {
    private RelationLimits() {}

    /** @throws CliException when {@code wanted} would take an endpoint past its limit, given {@code existing} */
    static void check(Candidate wanted, List<RelationInfo> existing) {
        for (Endpoint endpoint : wanted.endpoints()) {
            if (endpoint.spec().limit().isEmpty() || endpoint.spec().limit().getAsInt() == 0) {
                continue; // Go juju reads a limit of 0 as none
            }
            int limit = endpoint.spec().limit().getAsInt();
            long established = existing.stream().filter(r -> r.endpointOf(endpoint.service())
                    .filter(e -> e.relationName().equals(endpoint.spec().name())).isPresent()).count();
            if (established >= limit) {
                throw new CliException("cannot add relation \"" + key(wanted) + "\": establishing a new relation for "
                        + endpoint + " would exceed its maximum relation limit of " + limit);
            }
        }
    }

    /** The relation as Go juju names it: its endpoints, the provider's first. */
    private static String key(Candidate relation) {
        return relation.endpoints().stream()
                .sorted(Comparator.comparing((Endpoint e) -> e.spec().role() == RelationRole.SERVER ? 0 : 1)
                        .thenComparing(Endpoint::service))
                .map(Endpoint::toString).collect(Collectors.joining(" "));
    }
}
