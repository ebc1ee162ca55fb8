package jujube.cli.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import jujube.cli.CliException;
import jujube.provider.local.LocalLayout;
import jujube.model.MachineInfo;
import jujube.model.NoSuchMachineException;
import jujube.model.UnitInfo;
import jujube.model.UnitName;

/**
 * Where {@code ssh} and {@code scp} act: a unit's machine, in the unit's directory, or a machine, in
 * {@code /}. Resolved and checked (the unit exists and is placed, its machine's agent runs) before anything
 * is done, so a bad target changes nothing. Commands run through {@code sh -c} on the host for a process
 * machine, through {@code lxc-attach} with a clean environment for a container machine.
 *
 * @param label how messages name it: {@code blog/0} or {@code machine 1}
 * @param workDir where relative paths start: the unit's directory, or {@code /}
 */
record MachineTarget(String label, int machineId, Path workDir, Optional<String> container, Path containersDir) {
    private static final Pattern MACHINE = Pattern.compile("(?:machine-)?([0-9]{1,9})");
    /** The environment a container machine's commands get: {@code --clear-env} drops the operator's. */
    private static final String PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

    /** Whether {@code text} names a machine ({@code 1}, {@code machine-1}) rather than a unit. */
    static boolean isMachine(String text) {
        return MACHINE.matcher(text).matches();
    }

    static MachineTarget resolve(EnvironmentSession session, String target) {
        var m = MACHINE.matcher(target);
        if (m.matches()) {
            int id = Integer.parseInt(m.group(1));
            return checked(session, "machine " + id, id, Path.of("/"));
        }
        UnitName name;
        try {
            name = UnitName.parse(target);
        } catch (IllegalArgumentException e) {
            throw new CliException("'" + target + "' is neither a unit (service/N) nor a machine number");
        }
        UnitInfo unit = session.state().units().get(name);
        UnitInfo placed = unit.container().map(p -> session.state().units().get(p)).orElse(unit);
        if (placed.machineId().isEmpty()) {
            throw new CliException("unit " + name + " is not assigned to a machine yet");
        }
        int id = placed.machineId().getAsInt();
        // the machine agent's layout (UnitDirectories): <machine dir>/units/<service>-<n>
        Path dir = session.environment().machineDir(id).resolve("units").resolve(name.service() + "-" + name.number());
        return checked(session, "unit " + name, id, dir);
    }

    private static MachineTarget checked(EnvironmentSession session, String label, int id, Path workDir) {
        MachineInfo machine = session.state().machines().list().stream().filter(i -> i.id() == id).findFirst()
                .orElseThrow(() -> new NoSuchMachineException(id));
        if (machine.onAnotherHost()) {
            throw new CliException(label + ": machine " + id + " is on another host (" + machine.instanceId()
                    + "): log in there with ssh");
        }
        if (!machine.agentConnected()) {
            throw new CliException(label + ": machine " + id + " is not running (" + machine.agentState() + ": "
                    + machine.agentStateInfo() + "; 'jujube status' shows it)");
        }
        LocalEnvironment env = session.environment();
        Optional<String> container = env.containers().map(n -> LocalLayout.containerName(env.dir(), id));
        return new MachineTarget(label, id, workDir, container, LocalLayout.containersDir(env.dir()));
    }

    /**
     * The command running {@code script} with {@code sh -c} on the machine, {@code args} as its
     * positional parameters ($1 ...).
     */
    List<String> shell(String script, List<String> args) {
        List<String> command = new ArrayList<>();
        if (container.isPresent()) {
            command.addAll(List.of("lxc-attach", "-P", containersDir.toString(), "-n", container.get(), "--clear-env",
                    "--set-var", "PATH=" + PATH, "--set-var", "HOME=/root", "--set-var", "LANG=C.UTF-8"));
            String term = System.getenv("TERM");
            if (term != null && !term.isBlank()) {
                command.addAll(List.of("--set-var", "TERM=" + term));
            }
            command.add("--");
        }
        command.addAll(List.of("/bin/sh", "-c", script, "sh"));
        command.addAll(args);
        return command;
    }
}
