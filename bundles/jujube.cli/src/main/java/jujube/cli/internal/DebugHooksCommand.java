package jujube.cli.internal;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import jujube.charm.CharmMetadata;
import jujube.charm.RelationEndpointSpec;
import jujube.cli.CliException;
import jujube.model.DebugHooks;
import jujube.model.FlagAlreadySetException;
import jujube.model.MachineInfo;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jujube debug-hooks UNIT [HOOK ...]}: while it runs, the unit's hooks that it names (all without
 * names; shell patterns allowed) do not run their files: each opens a window named after it in the
 * unit's tmux session, in the unit's machine, running a shell with the hook's environment; the hook ends
 * when that shell exits, with its status. The command makes the session (its first shell in the charm
 * directory), sets the unit's debug flag (an ephemeral node: it lives as long as this command's
 * ZooKeeper session, and a second debug-hooks of the unit is refused) and attaches this terminal. After
 * a detach it goes on, saying how to re-attach; when the session ends (its last window closed) or the
 * command is interrupted it clears the flag, and hooks run their files again.
 *
 * <p>{@code --no-attach} does all but attaching: for scripts and tests, which attach or drive the
 * session with tmux themselves.
 */
@Command(name = "debug-hooks", description = "Debug a unit's hooks interactively, in a tmux session in its machine.")
public final class DebugHooksCommand extends SessionCommand {
    private static final List<String> UNIT_HOOKS = List.of("install", "start", "stop", "config-changed", "upgrade-charm",
            "leader-elected", "leader-settings-changed", "update-status");
    private static final List<String> RELATION_HOOKS = List.of("created", "joined", "changed", "departed", "broken");

    @Parameters(index = "0", paramLabel = "UNIT")
    String unitName;

    @Parameters(index = "1..*", arity = "0..*", paramLabel = "HOOK",
            description = "Hooks to debug (shell patterns allowed); all when none is named.")
    List<String> hooks = new ArrayList<>();

    @Option(names = "--no-attach", description = "Keep the debug session without attaching this terminal "
            + "(attach with the command it prints; interrupt it to end the session).")
    boolean noAttach;

    @Override
    int run(EnvironmentSession session) {
        UnitName name = UnitName.parse(unitName);
        UnitInfo unit = session.state().units().get(name);
        DebugHooks request = new DebugHooks(hooks.isEmpty() ? List.of("*") : hooks);
        jujube.model.CharmRecord charm = session.state().charms().get(unit.charmId());
        validate(request, session.service(name.service()).metadata(), unit.charmId(),
                session.reader().parseActions(charm.id(), charm.actions()).actions().keySet());
        int machine = machineOf(session, unit);
        LocalEnvironment env = session.environment();
        UnitTmux tmux = UnitTmux.of(env, machine, name);
        if (!Files.isDirectory(tmux.unitDir())) {
            throw new CliException("unit " + name + " is not deployed on machine " + machine + " yet (no "
                    + tmux.unitDir() + ")");
        }
        if (env.containers().isEmpty() && !onPath("tmux")) {
            throw new CliException("tmux is not installed on this host ('apt-get install tmux')");
        }
        if (session.state().units().flags(name).debugHooks().isPresent()) {
            throw alreadyDebugged(name);
        }
        // the session first, so that a debugged hook never finds the flag without it; a session left by
        // an earlier command is reused, never killed here (it may be a concurrent command's)
        tmux.create();
        try {
            session.state().units().setDebugHooks(name, request);
        } catch (FlagAlreadySetException e) {
            throw alreadyDebugged(name);
        }
        Thread cleanup = new Thread(() -> end(session, name, tmux), "jujube-debug-hooks-end");
        Runtime.getRuntime().addShutdownHook(cleanup);
        try {
            return debug(name, request, machine, tmux);
        } finally {
            end(session, name, tmux);
            try {
                Runtime.getRuntime().removeShutdownHook(cleanup);
            } catch (IllegalStateException e) {
                // shutting down already: the hook does the same
            }
        }
    }

    private int debug(UnitName name, DebugHooks request, int machine, UnitTmux tmux) {
        Process end = tmux.watchEnd();
        try {
            String which = request.patterns().equals(List.of("*")) ? "all hooks" : String.join(" ", request.patterns());
            if (noAttach) {
                out().printf("Debugging %s of %s in tmux session %s on machine %d; attach with: %s%n", which, name,
                        tmux.session(), machine, tmux.attachCommand());
                out().flush();
            } else {
                tmux.attach();
                if (tmux.exists()) {
                    out().printf("Detached: the debug session of %s goes on until its last window is closed or this "
                            + "command is interrupted; re-attach with: %s%n", name, tmux.attachCommand());
                    out().flush();
                }
            }
            end.waitFor();
            out().printf("Debug session of %s ended: its hooks run again%n", name);
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException("interrupted");
        } finally {
            end.destroy();
        }
    }

    /** Ends the debug session: its tmux session (if still there) and the flag. Safe to call twice. */
    private static void end(EnvironmentSession session, UnitName name, UnitTmux tmux) {
        try {
            tmux.kill();
        } catch (RuntimeException e) {
            // the server is gone already, or tmux cannot run: the flag is what matters
        }
        try {
            session.state().units().clearDebugHooks(name);
        } catch (RuntimeException e) {
            // the connection is closing: the flag is ephemeral and goes with it
        }
    }

    private static CliException alreadyDebugged(UnitName name) {
        return new CliException("Service unit '" + name + "' is already in debug mode (another debug-hooks session runs)");
    }

    /** The machine the unit runs on: its own, or its principal's for a subordinate; it must be running. */
    private static int machineOf(EnvironmentSession session, UnitInfo unit) {
        UnitInfo placed = unit.container().isPresent() ? session.state().units().get(unit.container().get()) : unit;
        if (placed.machineId().isEmpty()) {
            throw new CliException("unit " + unit.name() + " is not assigned to a machine yet");
        }
        int machine = placed.machineId().getAsInt();
        Optional<MachineInfo> info = session.state().machines().list().stream().filter(m -> m.id() == machine).findFirst();
        if (info.isEmpty() || !info.get().agentConnected()) {
            throw new CliException("machine " + machine + " of unit " + unit.name() + " is not running (no machine "
                    + "agent connected): see 'jujube status'");
        }
        return machine;
    }

    /**
     * Names must be hooks or actions of the unit's charm, or patterns; as in the original, {@code *} alone or
     * not at all.
     */
    static void validate(DebugHooks request, CharmMetadata charm, String charmId) {
        validate(request, charm, charmId, java.util.Set.of());
    }

    static void validate(DebugHooks request, CharmMetadata charm, String charmId, java.util.Collection<String> actions) {
        List<String> patterns = request.patterns();
        if (patterns.contains("*") && patterns.size() > 1) {
            throw new CliException("Ambiguous to debug all hooks and named hooks " + patterns);
        }
        List<String> valid = new ArrayList<>(UNIT_HOOKS);
        for (RelationEndpointSpec endpoint : charm.endpoints()) {
            RELATION_HOOKS.forEach(h -> valid.add(endpoint.name() + "-relation-" + h));
        }
        valid.addAll(actions);
        for (String hook : patterns) {
            boolean pattern = hook.chars().anyMatch(c -> c == '*' || c == '?' || c == '[');
            if (!pattern && !valid.contains(hook)) {
                throw new CliException("Charm '" + charmId + "' has no hook or action '" + hook + "' (valid: "
                        + String.join(", ", valid) + ")");
            }
        }
    }

    private static boolean onPath(String program) {
        String path = System.getenv("PATH");
        for (String dir : (path == null ? "" : path).split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }
}
