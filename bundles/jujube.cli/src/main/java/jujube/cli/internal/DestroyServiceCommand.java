package jujube.cli.internal;

import jujube.model.RelationInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code jujube destroy-service SERVICE}: removes the service's relations, then the service and its
 * units, as the original did. A subordinate still tied to a principal is refused.
 */
@Command(name = "destroy-service", aliases = "remove-application",
        description = "Destroy a service, its relations and its units.")
public final class DestroyServiceCommand extends SessionCommand {
    @Parameters(index = "0", paramLabel = "SERVICE")
    String service;

    @Override
    int run(EnvironmentSession session) {
        session.state().services().get(service);
        new ContainerTies(session).refuseServiceRemoval(service);
        for (RelationInfo relation : session.state().relations().ofService(service)) {
            session.state().relations().remove(relation.id());
        }
        session.state().services().remove(service);
        out().printf("Service '%s' destroyed.%n", service);
        return 0;
    }
}
