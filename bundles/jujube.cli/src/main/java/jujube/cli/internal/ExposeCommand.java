package jujube.cli.internal;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code jujube expose SERVICE}: makes the ports its units open reachable from outside. */
@Command(name = "expose", description = "Expose a service's open ports.")
public final class ExposeCommand extends SessionCommand {
    @Parameters(index = "0", paramLabel = "SERVICE")
    String service;

    @Override
    int run(EnvironmentSession session) {
        if (session.state().services().isExposed(service)) {
            out().printf("Service '%s' was already exposed.%n", service);
            return 0;
        }
        session.state().services().setExposed(service, true);
        out().printf("Service '%s' was exposed.%n", service);
        return 0;
    }
}
