package jujube.cli.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jujube.cli.CliException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jujube scp [-r] SRC... DST}: copies between the operator's files and {@code UNIT:path} or
 * {@code MACHINE:path} (relative to the unit's directory, or to {@code /}).
 *
 * <p>Every copy is a tar stream from a shell on one side to a shell on the other: on this host for the
 * operator's side and a process machine, through {@code lxc-attach} for a container machine. One way for
 * both kinds of machine and every path: a container's files outside its machine directory (its own
 * {@code /etc}, its overlay, its tmpfs) are only seen right from inside it, and a shell there writes them
 * as the machine itself would. The targets are checked and each source is looked at (exists; a directory
 * only with {@code -r}) before anything is written.
 */
@Command(name = "scp", description = "Copy files to or from a unit (UNIT:path) or a machine (MACHINE:path).")
public final class ScpCommand extends SessionCommand {
    private static final Pattern REMOTE = Pattern.compile("((?:machine-)?[0-9]{1,9}|[a-z][a-z0-9-]*/[0-9]{1,9}):(.*)",
            Pattern.DOTALL);
    /** Checks a source: $1 the path, $2 "r" when directories may be copied. */
    static final String CHECK = "cd \"$1\" || exit 1; p=$2; if [ ! -e \"$p\" ]; then echo \"$p: no such file or directory\" >&2;"
            + " exit 1; fi; if [ -d \"$p\" ] && [ \"$3\" != r ]; then echo \"$p is a directory (use -r)\" >&2; exit 1; fi";
    /** Writes a source as a tar stream of one entry, its base name. */
    static final String READ = "cd \"$1\" || exit 1; p=$2; exec tar -C \"$(dirname -- \"$p\")\" -cf - -- \"$(basename -- \"$p\")\"";
    /**
     * Reads a tar stream of one entry named $3 into $2: inside it when it is a directory, else as it (beside,
     * then renamed, so a failed copy leaves nothing); $4 "dir" when it must be a directory (several sources).
     */
    static final String WRITE = "cd \"$1\" || exit 1; d=$2; n=$3; if [ -d \"$d\" ]; then exec tar -C \"$d\" -xf -; fi;"
            + " if [ \"$4\" = dir ]; then echo \"$d: not a directory\" >&2; exit 1; fi;"
            + " t=$(dirname -- \"$d\")/.jujube-scp-$$; mkdir \"$t\" || exit 1;"
            + " if tar -C \"$t\" -xf - && rm -rf -- \"$d.jujube-old-$$\" && { [ ! -d \"$t/$n\" ] || [ ! -e \"$d\" ] ||"
            + " mv -- \"$d\" \"$d.jujube-old-$$\"; } && mv -- \"$t/$n\" \"$d\"; then rm -rf -- \"$t\" \"$d.jujube-old-$$\";"
            + " else rm -rf -- \"$t\"; exit 1; fi";

    @Option(names = "-r", description = "Copy directories and their contents.")
    boolean recursive;

    @Parameters(arity = "2..*", paramLabel = "SRC... DST", description = "Local paths and UNIT:path or MACHINE:path.")
    List<String> paths;

    /** One side of a copy: a shell that runs in {@code dir}, on this host or on a machine. */
    private record Side(String path, Optional<MachineTarget> machine) {
        List<String> command(String script, List<String> args) {
            String dir = machine.map(m -> m.workDir().toString()).orElse(Path.of("").toAbsolutePath().toString());
            List<String> all = new ArrayList<>(List.of(dir));
            all.addAll(args);
            return machine.map(m -> m.shell(script, all)).orElseGet(() -> {
                List<String> local = new ArrayList<>(List.of("/bin/sh", "-c", script, "sh"));
                local.addAll(all);
                return local;
            });
        }

        String shown() {
            return machine.map(m -> m.label() + ":" + path).orElse(path);
        }
    }

    @Override
    int run(EnvironmentSession session) {
        List<Side> sources = new ArrayList<>();
        for (String p : paths.subList(0, paths.size() - 1)) {
            sources.add(side(session, p));
        }
        Side target = side(session, paths.get(paths.size() - 1));
        for (Side s : sources) {
            if (s.machine().isPresent() == target.machine().isPresent()) {
                throw usage(target.machine().isPresent() ? "copy between machines is not supported: copy through a local file"
                        : "one side of a copy must be UNIT:path or MACHINE:path, got only local paths");
            }
            if (s.path().isEmpty()) {
                throw usage("'" + s.shown() + "' names no file");
            }
        }
        for (Side s : sources) {
            exec(s.command(CHECK, List.of(s.path(), recursive ? "r" : "-")), null, "cannot copy " + s.shown());
        }
        String targetPath = target.path().isEmpty() ? "." : target.path();
        for (Side s : sources) {
            String name = Path.of(s.path()).normalize().getFileName() == null ? "." : Path.of(s.path()).normalize().getFileName().toString();
            copy(s, target, targetPath, name, sources.size() > 1);
        }
        return 0;
    }

    private Side side(EnvironmentSession session, String text) {
        Matcher m = REMOTE.matcher(text);
        if (!m.matches()) {
            return new Side(text, Optional.empty());
        }
        return new Side(m.group(2), Optional.of(MachineTarget.resolve(session, m.group(1))));
    }

    private void copy(Side from, Side to, String toPath, String name, boolean several) {
        String what = "cannot copy " + from.shown() + " to " + (to.machine().map(t -> t.label() + ":").orElse("") + toPath);
        Process reader = start(from.command(READ, List.of(from.path())), what);
        try {
            exec(to.command(WRITE, List.of(toPath, name, several ? "dir" : "-")), reader.getInputStream(), what);
            String readErrors = errors(reader.getErrorStream());
            if (reader.waitFor() != 0) {
                throw new CliException(what + ": " + readErrors);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException(what + ": interrupted");
        } finally {
            reader.destroy();
        }
    }

    /** Runs a command to its end, feeding it {@code input} when given; fails with its first error line. */
    private static void exec(List<String> command, InputStream input, String what) {
        Process process = start(command, what);
        CompletableFuture<Void> feed = CompletableFuture.runAsync(() -> {
            try (OutputStream stdin = process.getOutputStream()) {
                if (input != null) {
                    input.transferTo(stdin);
                }
            } catch (IOException e) {
                // the writer ended early: its own status says why
            }
        });
        try {
            process.getInputStream().transferTo(OutputStream.nullOutputStream());
            String errors = errors(process.getErrorStream());
            int code = process.waitFor();
            feed.join();
            if (code != 0) {
                throw new CliException(what + ": " + (errors.isEmpty() ? "exit status " + code : errors));
            }
        } catch (IOException e) {
            throw new CliException(what + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException(what + ": interrupted");
        }
    }

    private static Process start(List<String> command, String what) {
        try {
            return new ProcessBuilder(command).start();
        } catch (IOException e) {
            throw new CliException(what + ": " + e.getMessage());
        }
    }

    /** A command's error output as one line: its lines joined. */
    private static String errors(InputStream stderr) {
        try {
            return new String(stderr.readAllBytes(), StandardCharsets.UTF_8).strip().replace('\n', ';');
        } catch (IOException e) {
            return e.getMessage();
        }
    }
}
