package jujube.cli.internal;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import jujube.cli.CliException;
import jujube.provider.ssh.SshException;
import jujube.provider.ssh.SshTarget;
import jujube.model.MachineInfo;
import jujube.model.NoSuchMachineException;
import jujube.model.UnitName;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jujube terminate-machine ID...}: removes machines that run no units; the provisioning agent
 * then stops their instances. A machine on another host is stopped and removed from that host here, over
 * SSH, before it leaves the environment: one whose host cannot be reached stays, unless {@code --force}.
 * Machine 0 runs the environment itself and is never terminated. Every id is checked before the first
 * machine is removed.
 */
@Command(name = "terminate-machine", description = "Terminate machines that have no units.")
public final class TerminateMachineCommand extends SessionCommand {
    @Parameters(arity = "1..*", paramLabel = "ID", description = "Machine numbers.")
    List<Integer> ids;

    @Option(names = "--force", description = "Remove a machine on another host from the environment even when that"
            + " host cannot be reached (whatever runs there is left).")
    boolean force;

    @Override
    int run(EnvironmentSession session) {
        Set<Integer> machines = new TreeSet<>(ids);
        Map<Integer, MachineInfo> known = new TreeMap<>();
        session.state().machines().list().forEach(m -> known.put(m.id(), m));
        for (int id : machines) {
            if (id == 0) {
                throw new CliException("Cannot terminate machine 0: it runs the environment's controller");
            }
            if (!known.containsKey(id)) {
                throw new NoSuchMachineException(id);
            }
            Set<UnitName> units = session.state().machines().assignedUnits(id);
            if (!units.isEmpty()) {
                throw new CliException("Cannot terminate machine " + id + ": units " + units + " are assigned to it");
            }
        }
        SshMachines remote = new SshMachines(session.environment());
        for (int id : machines) {
            MachineInfo machine = known.get(id);
            if (machine.onAnotherHost()) {
                removeFromHost(remote, id, SshTarget.parse(machine.instanceId()));
            }
            session.state().machines().remove(id);
            out().printf("Machine %d terminated%n", id);
        }
        return 0;
    }

    private void removeFromHost(SshMachines remote, int id, SshTarget host) {
        try {
            remote.remove(id, host);
        } catch (SshException e) {
            if (!force) {
                throw new CliException("Cannot terminate machine " + id + ": " + e.getMessage()
                        + " ('terminate-machine --force " + id + "' removes it from the environment anyway)", e);
            }
            spec.commandLine().getErr().println("jujube: machine " + id + " left on its host: " + e.getMessage());
        }
    }
}
