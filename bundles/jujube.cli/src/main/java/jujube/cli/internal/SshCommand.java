package jujube.cli.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import jujube.cli.CliException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code jujube ssh UNIT|MACHINE [COMMAND...]}: a shell, or the command, on the machine (a container
 * machine through {@code lxc-attach}, a process machine on this host), in the unit's directory for a unit
 * and in {@code /} for a machine. As with ssh, the command's words are joined and run by the machine's
 * shell. Every word after the target is the command's, options included ({@code jujube ssh blog/0 grep -c x
 * f}); a {@code --} right after the target is dropped. The terminal is the operator's; the exit status is
 * the command's (the shell's).
 */
@Command(name = "ssh", description = "Open a shell, or run a command, on a unit's machine (in its directory) or a machine.")
public final class SshCommand extends SessionCommand {
    /**
     * Enters the directory, then runs the command, or a shell: interactive (bash where there is one) on a
     * terminal, reading its commands from the input otherwise, as ssh does without a terminal.
     */
    static final String SCRIPT = "cd \"$1\" || exit 1; shift; if [ $# -gt 0 ]; then eval \"$*\"; "
            + "elif [ ! -t 0 ]; then exec /bin/sh; "
            + "elif [ -x /bin/bash ]; then exec /bin/bash -i; else exec /bin/sh -i; fi";

    @Parameters(index = "0", paramLabel = "UNIT|MACHINE", description = "A unit (blog/0) or a machine number.")
    String target;

    @Parameters(index = "1..*", arity = "0..*", paramLabel = "COMMAND", description = "What to run; a shell when none.")
    List<String> command = new ArrayList<>();

    /** The remote command's words: those after the target, less a {@code --} right after it (as ssh drops it). */
    public List<String> words() {
        return !command.isEmpty() && command.get(0).equals("--") ? command.subList(1, command.size()) : command;
    }

    @Override
    int run(EnvironmentSession session) {
        MachineTarget machine = MachineTarget.resolve(session, target);
        List<String> args = new ArrayList<>(List.of(machine.workDir().toString()));
        List<String> words = words();
        if (!words.isEmpty()) {
            args.add(String.join(" ", words));
        }
        out().flush();
        try {
            Process process = new ProcessBuilder(machine.shell(SCRIPT, args)).inheritIO().start();
            return process.waitFor();
        } catch (IOException e) {
            throw new CliException("cannot reach " + machine.label() + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException("interrupted while the command ran on " + machine.label());
        }
    }
}
