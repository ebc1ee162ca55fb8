package jujube.cli.internal;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import jujube.cli.CliException;
import jujube.state.NoSuchMachineException;
import jujube.state.UnitName;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code jujube terminate-machine ID...}: removes machines that run no units; the provisioning agent
 * then stops their instances. Machine 0 runs the environment itself and is never terminated. Every id
 * is checked before the first machine is removed.
 */
@Command(name = "terminate-machine", description = "Terminate machines that have no units.")
public final class TerminateMachineCommand extends SessionCommand {
    @Parameters(arity = "1..*", paramLabel = "ID", description = "Machine numbers.")
    List<Integer> ids;

    @Override
    int run(EnvironmentSession session) {
        Set<Integer> machines = new TreeSet<>(ids);
        for (int id : machines) {
            if (id == 0) {
                throw new CliException("Cannot terminate machine 0: it runs the environment's controller");
            }
            if (session.state().machines().list().stream().noneMatch(m -> m.id() == id)) {
                throw new NoSuchMachineException(id);
            }
            Set<UnitName> units = session.state().machines().assignedUnits(id);
            if (!units.isEmpty()) {
                throw new CliException("Cannot terminate machine " + id + ": units " + units + " are assigned to it");
            }
        }
        for (int id : machines) {
            session.state().machines().remove(id);
            out().printf("Machine %d terminated%n", id);
        }
        return 0;
    }
}
