package jujube.cli.internal;

import picocli.CommandLine.Command;

/**
 * {@code jujube add-machine}: adds an empty machine, which the provisioning agent launches (a container
 * or a process, as the environment's machines are); units go there with {@code deploy --to} and
 * {@code add-unit --to}, or by placement {@code unassigned}.
 */
@Command(name = "add-machine", description = "Add an empty machine to the environment.")
public final class AddMachineCommand extends SessionCommand {
    @Override
    int run(EnvironmentSession session) {
        int id = session.state().machines().add().id();
        out().printf("Machine %d added%n", id);
        return 0;
    }
}
