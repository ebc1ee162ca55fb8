package jujube.cli.internal;

import jujube.cli.CliException;
import jujube.model.Placement;
import jujube.model.UnitInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jujube add-unit SERVICE [-n N] [--to MACHINE]}: adds units to a principal service, on that machine or
 * by the environment's policy, as one transaction.
 */
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
        UnitPlacement.checkCount(this, count);
        if (session.service(service).subordinate()) {
            throw new CliException("Subordinate services acquire units from their principal service.");
        }
        Placement placement = UnitPlacement.of(session.state(), session.environment().placement(), to);
        for (UnitInfo unit : session.state().units().add(service, count, placement)) {
            out().printf("Unit '%s' added to service '%s' on machine %d%n", unit.name(), service,
                    unit.machineId().getAsInt());
        }
        return 0;
    }
}
