package jujube.cli.internal;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import jujube.cli.CliException;
import jujube.provider.local.LocalLayout;
import jujube.model.UnitName;

/**
 * The debug-hooks tmux server of one unit, reached in the unit's machine: through {@code lxc-attach} into
 * a container machine, directly on the host for a process machine. The server's socket is
 * {@code <unit dir>/tmux.socket} and its session {@code jujube-<service>-<n>}: the names the unit agent
 * uses ({@code jujube.hooks.internal.DebugTmux}); a container machine sees its unit directories at the
 * host's paths. Commands run in the unit directory and name the socket relative to it, as the agent's do
 * (a deep directory's absolute socket path does not fit a unix socket address).
 *
 * @param prefix what runs a program in the machine: empty on the host, {@code lxc-attach ... --} for a container
 * @param unitDir the unit's directory
 * @param session the session's name
 */
record UnitTmux(List<String> prefix, Path unitDir, String session) {
    private static final long COMMAND_SECONDS = 30;
    private static final String SOCKET = "tmux.socket";

    /** The unit's server on machine {@code machine} of the environment. */
    static UnitTmux of(LocalEnvironment env, int machine, UnitName unit) {
        Path unitDir = env.machineDir(machine).toAbsolutePath().resolve("units").resolve(unit.service() + "-" + unit.number());
        // LocalLayout.containerName: the environment directory's name, then -machine-N
        List<String> prefix = env.containers().isEmpty() ? List.of()
                : List.of("lxc-attach", "-P", LocalLayout.containersDir(env.dir()).toString(), "-n",
                        LocalLayout.containerName(env.dir(), machine), "--");
        return new UnitTmux(prefix, unitDir, "jujube-" + unit.service() + "-" + unit.number());
    }

    /** The command line of {@code tmux args} against this server, in the machine. */
    List<String> command(String... args) {
        List<String> command = new ArrayList<>(prefix);
        // the operator's own tmux (TMUX) must neither refuse the attach as nested nor redirect the server
        command.addAll(List.of("env", "-C", unitDir.toString(), "-u", "TMUX", "-u", "TMUX_TMPDIR", "tmux", "-S", SOCKET));
        command.addAll(List.of(args));
        return command;
    }

    /** The command an operator types to attach to the session. */
    String attachCommand() {
        List<String> words = new ArrayList<>(prefix);
        words.addAll(List.of("env", "-C", unitDir.toString(), "tmux", "-S", SOCKET, "attach", "-t", session));
        return String.join(" ", words);
    }

    /** Makes the session, its first shell in the charm directory, unless it exists already (left behind). */
    void create() {
        if (run("has-session", "-t", "=" + session) == 0) {
            return;
        }
        if (run("new-session", "-d", "-s", session, "-c", unitDir.resolve("charm").toString()) != 0 && run("has-session", "-t", "=" + session) != 0) {
            throw new CliException("could not start tmux session " + session + (prefix.isEmpty() ? "" : " in " + prefix.get(4))
                    + ": is tmux installed there? ('apt-get install tmux')");
        }
    }

    /** Attaches this terminal until the operator detaches or the session ends. */
    void attach() throws InterruptedException {
        start(new ProcessBuilder(command("attach-session", "-t", "=" + session)).inheritIO()).waitFor();
    }

    boolean exists() {
        return run("has-session", "-t", "=" + session) == 0;
    }

    /**
     * A process that ends when the server does: the unit's server holds only this session, and tmux ends
     * a server whose last session ended. Waiting on a channel nobody signals is how to wait for that.
     */
    Process watchEnd() {
        return start(new ProcessBuilder(command("wait-for", "jujube-end-" + ProcessHandle.current().pid()))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD));
    }

    void kill() {
        run("kill-session", "-t", "=" + session);
    }

    /** Runs a short tmux command; returns its exit status (its output is dropped). */
    int run(String... args) {
        Process process = start(new ProcessBuilder(command(args))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD));
        try {
            if (!process.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new CliException("tmux " + args[0] + " for session " + session + " did not finish within "
                        + COMMAND_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new CliException("interrupted while running tmux " + args[0]);
        }
        return process.exitValue();
    }

    private Process start(ProcessBuilder builder) {
        try {
            return builder.start();
        } catch (IOException e) {
            throw new CliException("cannot run " + builder.command().get(0) + ": " + e.getMessage()
                    + (prefix.isEmpty() ? " (is tmux installed? 'apt-get install tmux')" : ""));
        }
    }
}
