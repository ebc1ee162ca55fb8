package jujube.cli.internal;

import java.util.List;
import jujube.cli.CliException;
import jujube.cli.internal.RelationEndpoints.Candidate;
import jujube.cli.internal.RelationEndpoints.Descriptor;
import jujube.model.RelationInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code jujube add-relation A[:rel] [B[:rel]]}: relates two services, or one over a peer relation. */
@Command(name = "add-relation", aliases = "integrate", description = "Relate two services (or one, over a peer relation).")
public final class AddRelationCommand extends SessionCommand {
    @Parameters(index = "0..1", arity = "1..2", paramLabel = "ENDPOINT", description = "<service>[:<relation>]")
    List<String> endpoints;

    @Override
    int run(EnvironmentSession session) {
        List<Descriptor> descriptors = endpoints.stream().map(Descriptor::parse).toList();
        Candidate relation = RelationEndpoints.single(descriptors, RelationEndpoints.candidates(descriptors, session::service));
        List<RelationInfo> existing = session.state().relations().list();
        RelationEndpoints.existing(existing, relation).ifPresent(same -> {
            throw new CliException("Relation " + relation.interfaceName() + " already exists between "
                    + String.join(" and ", same.endpoints().stream().map(e -> "'" + e.serviceName() + "'").toList()));
        });
        RelationLimits.check(relation, existing);
        session.state().relations().add(relation.interfaceName(), relation.scope(), relation.stateEndpoints());
        out().printf("Added %s relation to all service units.%n", relation.interfaceName());
        return 0;
    }
}
