package jujube.cli.internal;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code jujube unexpose SERVICE}: closes the service's open ports to the outside again. */
@Command(name = "unexpose", description = "Stop exposing a service.")
public final class UnexposeCommand extends SessionCommand {
    @Parameters(index = "0", paramLabel = "SERVICE")
    String service;

    @Override
    int run(EnvironmentSession session) {
        if (!session.state().services().isExposed(service)) {
            out().printf("Service '%s' was not exposed.%n", service);
            return 0;
        }
        session.state().services().setExposed(service, false);
        out().printf("Service '%s' was unexposed.%n", service);
        return 0;
    }
}
