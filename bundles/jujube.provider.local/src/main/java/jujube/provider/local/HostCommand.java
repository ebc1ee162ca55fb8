package jujube.provider.local;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A short command of the host's tools ({@code ip}, {@code lxc-*}), run to its end with a deadline. */
final class HostCommand {
    private HostCommand() {
    }

    /** The command's exit code and output, both streams together, at most the first 64 KiB. */
    record Result(int exitCode, String output) {
        /** The output's last non-blank line: what tools put their reason in. */
        String reason() {
            String[] lines = output.strip().split("\n");
            return lines[lines.length - 1].strip();
        }
    }

    static Result run(List<String> command, long timeoutSeconds) throws IOException {
        Path out = Files.createTempFile("jujube-host-command", ".out");
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(out.toFile()).start();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                p.waitFor(5, TimeUnit.SECONDS);
                throw new IOException(String.join(" ", command) + " did not finish within " + timeoutSeconds + " s");
            }
            byte[] bytes;
            try (var in = Files.newInputStream(out)) {
                bytes = in.readNBytes(64 * 1024);
            }
            return new Result(p.exitValue(), new String(bytes, StandardCharsets.UTF_8));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + command.get(0), e);
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /** Runs the command; a non-zero exit is an {@link IOException} naming the command and its reason. */
    static void check(List<String> command, long timeoutSeconds) throws IOException {
        Result r = run(command, timeoutSeconds);
        if (r.exitCode() != 0) {
            throw new IOException(String.join(" ", command) + " failed (exit " + r.exitCode() + "): " + r.reason());
        }
    }

    /** Whether {@code name} is an executable in one of {@code path}'s directories. */
    static boolean onPath(String name, String path) {
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) {
                return true;
            }
        }
        return false;
    }
}
