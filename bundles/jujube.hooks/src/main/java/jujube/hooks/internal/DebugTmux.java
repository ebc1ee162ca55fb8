package jujube.hooks.internal;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A unit's debug-hooks tmux server, as the agent and {@code jujube debug-hooks} both address it: the
 * server of socket {@code <unit dir>/tmux.socket} (one server per unit, in the unit's machine: a
 * container machine's unit directory is the same path inside it) holding the session
 * {@code jujube-<service>-<n>}. Every tmux command runs in the unit directory and names the socket
 * relative to it, since a deep unit directory's absolute socket path would not fit a unix socket
 * address. The CLI's {@code jujube.cli.internal.UnitTmux} spells the same names; the itest
 * {@code DebugHooksIT} proves they agree.
 *
 * @param tmux the tmux program
 * @param unitDir the unit's directory, where tmux commands run
 * @param session the session's name
 */
record DebugTmux(Path tmux, Path unitDir, String session) {
    /** The socket's file name in the unit directory. */
    static final String SOCKET = "tmux.socket";
    private static final long COMMAND_SECONDS = 10;

    /** The debug session of {@code unit} (e.g. {@code wordpress/0}) whose directory is {@code unitDir}. */
    static DebugTmux of(Path tmux, Path unitDir, String unit) {
        return new DebugTmux(tmux, unitDir.toAbsolutePath(), sessionName(unit));
    }

    /** {@code wordpress/0} becomes {@code jujube-wordpress-0}. */
    static String sessionName(String unit) {
        return "jujube-" + ThreadNames.sanitize(unit);
    }

    /** The tmux program on {@code path} (the agent's own), else in the usual system directories. */
    static Optional<Path> find(String path) {
        String dirs = (path == null ? "" : path) + File.pathSeparator + HookEnvironment.SYSTEM_PATH;
        for (String dir : dirs.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "tmux"))) {
                return Optional.of(Path.of(dir, "tmux"));
            }
        }
        return Optional.empty();
    }

    /** The command line of a tmux command to this server, to run in the unit directory. */
    List<String> command(String... args) {
        List<String> command = new ArrayList<>(List.of(tmux.toString(), "-S", SOCKET));
        command.addAll(List.of(args));
        return command;
    }

    /** {@code -t} target of the session itself (exact name, no prefix matching). */
    String target() {
        return "=" + session;
    }

    /** Whether the session exists. */
    boolean sessionExists() throws IOException, InterruptedException {
        return run("has-session", "-t", target()) == 0;
    }

    /** Closes a window of the session; its shell gets a hangup. Quietly nothing when it is gone already. */
    void killWindow(String windowId) throws IOException, InterruptedException {
        run("kill-window", "-t", windowId);
    }

    /** Wakes whoever waits on {@code channel}, or the next one to wait. */
    void signal(String channel) throws IOException, InterruptedException {
        run("wait-for", "-S", channel);
    }

    /** The shell words that run a tmux command to this server: to follow a {@code cd} to {@link #unitDir}. */
    String shellCommand() {
        return quote(tmux) + " -S " + SOCKET;
    }

    /** Runs a short tmux command with a deadline; returns its exit status. Its output is dropped. */
    int run(String... args) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command(args)).directory(unitDir.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        // the agent's own TMUX variables (had it been started inside a tmux) must not redirect the command
        builder.environment().remove("TMUX");
        builder.environment().remove("TMUX_TMPDIR");
        Process process = builder.start();
        if (!process.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("tmux " + args[0] + " did not finish within " + COMMAND_SECONDS + " s");
        }
        return process.exitValue();
    }

    /** Quotes {@code text} for a POSIX shell: one word, taken literally. */
    static String quote(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }

    static String quote(Path path) {
        return quote(path.toString());
    }

    /** Reads a small file written by a debug script, trimmed; empty when it is not there. */
    static Optional<String> read(Path file) throws IOException {
        return Files.exists(file) ? Optional.of(Files.readString(file, StandardCharsets.UTF_8).strip()) : Optional.empty();
    }
}
