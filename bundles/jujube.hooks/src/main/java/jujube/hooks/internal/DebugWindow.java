package jujube.hooks.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One hook held in a debug session: a private directory (mode 0700: its script holds the hook's client
 * id) with two scripts. {@code hooks/<hook>} is what the hook invoker runs in place of the charm's hook,
 * so the hook's timeout, process group and logged output stay the invoker's: it opens a tmux window named
 * after the hook, waits on a tmux channel and exits with the status the window left. {@code window.sh}
 * runs in that window: in the charm directory it starts an interactive shell with exactly the hook's
 * environment (plus the pane's {@code TERM}), and when that shell exits, or the window is closed under it
 * (hangup: status 129), it records the status and signals the channel.
 *
 * <p>This is the original's debug hook script, rewritten: the original polled for a pid file every
 * second where this waits on {@code tmux wait-for}.
 */
final class DebugWindow {
    private static final SecureRandom RANDOM = new SecureRandom();
    private final Path dir;
    private final String channel;

    private DebugWindow(Path dir, String channel) {
        this.dir = dir;
        this.channel = channel;
    }

    /**
     * Writes the scripts of one held hook into a new private directory.
     *
     * @param env the hook's environment, exactly as the hook would have got it
     * @param agentPath the PATH tmux is started with when the session must be made here
     */
    static DebugWindow prepare(DebugTmux tmux, String unit, String hookName, String hookFile, Path charmDir,
            Map<String, String> env, String agentPath) throws IOException {
        Path dir = Files.createTempDirectory("jujube-debug-hook-",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        byte[] bits = new byte[8];
        RANDOM.nextBytes(bits);
        DebugWindow window = new DebugWindow(dir, "jujube-hook-" + HexFormat.of().formatHex(bits));
        Path file = dir.resolve(hookFile);
        Files.createDirectories(file.getParent());
        window.write(file, window.hookScript(tmux, hookName, charmDir, agentPath));
        window.write(dir.resolve("window.sh"), window.windowScript(tmux, unit, hookName, charmDir, env));
        window.write(dir.resolve("rc"), "PS1=" + DebugTmux.quote("[" + unit + " " + hookName + "] \\w\\$ ") + "\n");
        return window;
    }

    /**
     * What the invoker runs as the hook's charm directory: {@code hooks/<hook>} (an action's
     * {@code actions/<action>}) is the waiting script.
     */
    Path charmDir() {
        return dir;
    }

    String channel() {
        return channel;
    }

    /** The tmux id of the hook's window ({@code @3}), once the waiting script opened it. */
    Optional<String> windowId() throws IOException {
        return DebugTmux.read(dir.resolve("window"));
    }

    /** The exit status of the hook's shell, once it exited. */
    Optional<String> status() throws IOException {
        return DebugTmux.read(dir.resolve("status"));
    }

    /**
     * Removes the directory. A window closed just now may still be writing its status into it (its
     * hangup trap): a few passes outlast those two files.
     */
    void delete() throws IOException {
        for (int pass = 1; ; pass++) {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(file);
                }
                return;
            } catch (java.nio.file.DirectoryNotEmptyException | java.nio.file.NoSuchFileException e) {
                if (pass == 5) {
                    throw e;
                }
            }
        }
    }

    private String hookScript(DebugTmux tmux, String hookName, Path charmDir, String agentPath) {
        String t = tmux.shellCommand();
        String session = DebugTmux.quote(tmux.session());
        return "#!/bin/sh\n"
                + "# debug-hooks: holds the " + hookName + " hook in a tmux window until the window's shell exits\n"
                + "unset TMUX TMUX_TMPDIR\n"
                + "cd " + DebugTmux.quote(tmux.unitDir()) + " || exit 1\n"
                // the operator's command makes the session before it sets the flag; as the original did,
                // make it when it is not there (the operator's first window then gets no hook's variables)
                + t + " has-session -t " + DebugTmux.quote(tmux.target()) + " 2>/dev/null || env -i PATH="
                + DebugTmux.quote(agentPath) + " HOME=" + DebugTmux.quote(System.getProperty("user.home", "/"))
                + " LANG=C.UTF-8 " + t + " new-session -d -s " + session + " -c " + DebugTmux.quote(charmDir)
                + " 2>/dev/null\n"
                + "w=$(" + t + " new-window -P -F '#{window_id}' -t " + DebugTmux.quote(tmux.target() + ":") + " -n "
                + DebugTmux.quote(hookName) + " -c " + DebugTmux.quote(charmDir) + " "
                + DebugTmux.quote("sh " + DebugTmux.quote(dir.resolve("window.sh"))) + ") || {\n"
                + "  echo \"debug-hooks: could not open a window in tmux session " + tmux.session() + "\" >&2; exit 1; }\n"
                + "echo \"$w\" > " + DebugTmux.quote(dir.resolve("window")) + "\n"
                + "echo \"debug-hooks: " + hookName + " is held in tmux session " + tmux.session()
                + ", window $w: the hook ends when its shell exits\"\n"
                + t + " wait-for " + DebugTmux.quote(channel) + "\n"
                + "if [ -s " + DebugTmux.quote(dir.resolve("status")) + " ]; then exit \"$(cat "
                + DebugTmux.quote(dir.resolve("status")) + ")\"; fi\n"
                + "echo \"debug-hooks: the debug session ended before the hook's shell exited\" >&2\n"
                + "exit 1\n";
    }

    private String windowScript(DebugTmux tmux, String unit, String hookName, Path charmDir, Map<String, String> env) {
        String status = DebugTmux.quote(dir.resolve("status"));
        String assignments = env.entrySet().stream().map(e -> DebugTmux.quote(e.getKey() + "=" + e.getValue()))
                .collect(Collectors.joining(" "));
        String shell = Files.isExecutable(Path.of("/bin/bash"))
                ? "/bin/bash --rcfile " + DebugTmux.quote(dir.resolve("rc")) + " -i" : "/bin/sh -i";
        return "finish() {\n"
                + "  echo \"$1\" > " + status + ".tmp && mv " + status + ".tmp " + status + "\n"
                + "  (cd " + DebugTmux.quote(tmux.unitDir()) + " && " + tmux.shellCommand() + " wait-for -S "
                + DebugTmux.quote(channel) + ")\n"
                + "  exit \"$1\"\n"
                + "}\n"
                + "trap 'finish 129' HUP\n"
                + "trap 'finish 143' TERM\n"
                + "cd " + DebugTmux.quote(charmDir) + " || finish 1\n"
                + "echo " + DebugTmux.quote("This shell is the " + hookName + " hook of " + unit
                        + ": its environment, in its charm directory.") + "\n"
                + "echo 'Exit it to end the hook: its exit status is the hook'\\''s result.'\n"
                + "env -i TERM=\"${TERM:-screen}\" " + assignments + " " + shell + "\n"
                + "finish $?\n";
    }

    private void write(Path file, String content) throws IOException {
        Files.writeString(file, content);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
    }
}
