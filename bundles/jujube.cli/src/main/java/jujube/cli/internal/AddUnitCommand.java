package jujube.cli.internal;

import jujube.cli.CliException;
import jujube.state.UnitName;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jujube add-unit SERVICE [-n N] [--to MACHINE]}: adds units to a principal service, on that machine or by the environment's policy. */
@Command(name = "add-unit", description = "Add units to a service.")
public final class AddUnitCommand extends SessionCommand {
    @Parameters(index = "0", paramLabel = "SERVICE")
    String service;

    @Option(names = "-n", defaultValue = "1", paramLabel = "N", description = "Number of units to add (default: 1).")
    int count;

    @Option(names = "--to", paramLabel = "MACHINE", description = "Place the units on this machine (default: by the environment's placement).")
    Integer to;

    @Override
    int run(EnvironmentSession session) {
        if (count < 1) {
            throw usage("-n must be at least 1, got " + count);
        }
        if (session.service(service).subordinate()) {
            throw new CliException("Subordinate services acquire units from their principal service.");
        }
        UnitPlacement placement = new UnitPlacement(session.state(), session.environment().placement(), to);
        for (int i = 0; i < count; i++) {
            UnitName unit = session.state().units().add(service).name();
            out().printf("Unit '%s' added to service '%s' on machine %d%n", unit, service, placement.place(unit));
        }
        return 0;
    }
}
