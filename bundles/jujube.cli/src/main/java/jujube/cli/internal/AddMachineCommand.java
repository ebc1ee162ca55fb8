package jujube.cli.internal;

import java.time.Duration;
import jujube.provider.ssh.SshTarget;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jujube add-machine [ssh:[USER@]HOST]}: adds an empty machine, which the provisioning agent
 * launches (a container or a process, as the environment's machines are), or a machine on another host,
 * installed there over SSH ({@link SshMachines}); units go there with {@code deploy --to} and
 * {@code add-unit --to}, or by placement {@code unassigned}.
 */
@Command(name = "add-machine", description = "Add an empty machine to the environment, here or on another host"
        + " (ssh:[USER@]HOST: installed there over SSH, with your SSH agent or keys).")
public final class AddMachineCommand extends SessionCommand {
    @Parameters(arity = "0..1", paramLabel = "ssh:[USER@]HOST", description = "Another host to run the machine on.")
    String host;

    @Option(names = "--timeout", defaultValue = "120", description = "Seconds to wait for the agent of a machine on"
            + " another host to connect.")
    int timeoutSeconds;

    @Override
    int run(EnvironmentSession session) {
        if (host == null) {
            int id = session.state().machines().add().id();
            out().printf("Machine %d added%n", id);
            return 0;
        }
        SshTarget target;
        try {
            target = SshTarget.parse(host);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        if (timeoutSeconds < 1) {
            throw usage("--timeout must be at least 1 second, got " + timeoutSeconds);
        }
        int id = new SshMachines(session.environment()).add(session.state(), target,
                Duration.ofSeconds(timeoutSeconds), out());
        out().printf("Machine %d added on %s%n", id, target);
        return 0;
    }
}
