package jujube.cli.internal;

import java.util.List;
import java.util.stream.Collectors;
import jujube.cli.CliException;
import jujube.cli.internal.RelationEndpoints.Descriptor;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code jujube remove-relation A[:rel] [B[:rel]]}: removes the one existing relation the endpoints
 * name. **Beyond** the original, which refused it: removing the container relation that ties a
 * subordinate to its principal is how an operator removes the subordinate units (each departs the
 * relation, runs its stop hook and is removed; the service stays, with no units).
 */
@Command(name = "remove-relation", description = "Remove a relation between two services (or a peer relation).")
public final class RemoveRelationCommand extends SessionCommand {
    @Parameters(index = "0..1", arity = "1..2", paramLabel = "ENDPOINT", description = "<service>[:<relation>]")
    List<String> endpoints;

    @Override
    int run(EnvironmentSession session) {
        List<Descriptor> descriptors = endpoints.stream().map(Descriptor::parse).toList();
        descriptors.forEach(d -> session.state().services().get(d.service()));
        List<RelationInfo> matching = session.state().relations().list().stream()
                .filter(r -> matches(r, descriptors)).toList();
        if (matching.isEmpty()) {
            throw new CliException("No relation matches " + RelationEndpoints.typed(descriptors));
        }
        if (matching.size() > 1) {
            throw new CliException("Ambiguous relation " + RelationEndpoints.typed(descriptors) + "; could refer to: "
                    + matching.stream().map(RemoveRelationCommand::describe).collect(Collectors.joining(", ")));
        }
        RelationInfo relation = matching.get(0);
        session.state().relations().remove(relation.id());
        out().printf("Removed %s relation from all service units.%n", relation.interfaceName());
        return 0;
    }

    /** Whether each descriptor names a different endpoint of the relation, and together all of them. */
    private static boolean matches(RelationInfo r, List<Descriptor> descriptors) {
        if (r.endpoints().size() != descriptors.size()) {
            return false;
        }
        if (descriptors.size() == 1) {
            return fits(r.endpoints().get(0), descriptors.get(0));
        }
        RelationEndpoint a = r.endpoints().get(0);
        RelationEndpoint b = r.endpoints().get(1);
        return (fits(a, descriptors.get(0)) && fits(b, descriptors.get(1)))
                || (fits(b, descriptors.get(0)) && fits(a, descriptors.get(1)));
    }

    private static boolean fits(RelationEndpoint e, Descriptor d) {
        return e.serviceName().equals(d.service()) && d.relation().map(e.relationName()::equals).orElse(true);
    }

    private static String describe(RelationInfo r) {
        return "'" + r.endpoints().stream().map(e -> e.serviceName() + ":" + e.relationName()).collect(Collectors.joining(" "))
                + "' (" + r.interfaceName() + ")";
    }
}
