package jujube.provider.ssh;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * A host reached with the system's {@code ssh}: the operator's SSH agent, keys and configuration apply as
 * to any ssh they run. Host keys are checked against the environment's own {@code known_hosts}: the key a
 * host shows the first time is recorded there, and a host showing another key later is refused. No
 * password or passphrase is ever asked for ({@code BatchMode}): a host that would need one is refused
 * with ssh's reason. Every script runs under {@code sh -c} on the host, its arguments quoted.
 */
public final class SshHost {
    /** The most of a command's output kept: what scripts print is a few lines. */
    private static final int MAX_OUTPUT = 64 * 1024;
    /** ssh's own exit code for its failures (the scripts run here never use it). */
    private static final int SSH_FAILED = 255;
    private final SshTarget target;
    private final Path knownHosts;

    /**
     * @param knownHosts the environment's {@code known_hosts}: created (owner-only, in an owner-only
     *     directory) when missing
     */
    public SshHost(SshTarget target, Path knownHosts) {
        this.target = Objects.requireNonNull(target, "target");
        this.knownHosts = knownHosts.toAbsolutePath();
    }

    public SshTarget target() {
        return target;
    }

    public Path knownHosts() {
        return knownHosts;
    }

    /** What a script printed, and how it ended. */
    public record Result(int exitCode, String stdout, String stderr) {
        /** The last line of what the script said on stderr, else on stdout: where scripts put their reason. */
        public String reason() {
            String text = stderr.isBlank() ? stdout : stderr;
            String[] lines = text.strip().split("\n");
            return lines[lines.length - 1].strip();
        }
    }

    /**
     * Runs {@code script} on the host with {@code args} as {@code $1 ...}, nothing on its standard input.
     *
     * @throws SshException when the host cannot be reached, refuses us, or shows another host key
     */
    public Result run(String script, List<String> args, Duration timeout) {
        return execute(command(script, args), null, timeout);
    }

    /** As {@link #run}, with {@code input} on the script's standard input. */
    public Result run(String script, List<String> args, byte[] input, Duration timeout) {
        return execute(command(script, args), input, timeout);
    }

    /**
     * As {@link #run}, with a tar stream on the script's standard input: the {@code entries} of
     * {@code baseDir}, symbolic links followed when {@code dereference}, leaving out paths that match
     * {@code excludes} (tar's patterns).
     */
    public Result runWithTar(Path baseDir, List<String> entries, boolean dereference, List<String> excludes,
            String script, List<String> args, Duration timeout) {
        List<String> tar = new ArrayList<>(List.of("tar", "-C", baseDir.toString()));
        if (dereference) {
            tar.add("-h");
        }
        excludes.forEach(e -> tar.add("--exclude=" + e));
        tar.addAll(List.of("-cf", "-", "--"));
        tar.addAll(entries);
        return execute(command(script, args), tar, timeout);
    }

    private List<String> command(String script, List<String> args) {
        StringBuilder remote = new StringBuilder("sh -c ").append(quote(script)).append(" sh");
        args.forEach(a -> remote.append(' ').append(quote(a)));
        return List.of("ssh", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=accept-new",
                "-o", "UserKnownHostsFile=" + knownHosts, "-o", "GlobalKnownHostsFile=/dev/null",
                "-o", "ConnectTimeout=15", "-o", "ServerAliveInterval=15", "-o", "ServerAliveCountMax=4",
                "-o", "LogLevel=ERROR", "-T", "--", target.destination(), remote.toString());
    }

    /** {@code text} as one word of a POSIX shell, whatever it holds. */
    static String quote(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }

    /** Runs ssh, its input a byte array, a tar process, or nothing. */
    private Result execute(List<String> ssh, Object input, Duration timeout) {
        Path out = null;
        Path err = null;
        List<Process> started = new ArrayList<>();
        try {
            prepareKnownHosts();
            out = Files.createTempFile("jujube-ssh", ".out");
            err = Files.createTempFile("jujube-ssh", ".err");
            ProcessBuilder sshBuilder = new ProcessBuilder(ssh).redirectOutput(out.toFile()).redirectError(err.toFile());
            Process process;
            if (input instanceof List<?> tar) {
                ProcessBuilder tarBuilder = new ProcessBuilder(tar.stream().map(Object::toString).toList())
                        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                        .redirectError(ProcessBuilder.Redirect.DISCARD);
                List<Process> pipeline = ProcessBuilder.startPipeline(List.of(tarBuilder, sshBuilder));
                started.addAll(pipeline);
                process = pipeline.get(1);
            } else if (input instanceof byte[] bytes) {
                process = sshBuilder.start();
                started.add(process);
                try (var stdin = process.getOutputStream()) {
                    stdin.write(bytes);
                }
            } else {
                process = sshBuilder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
                started.add(process);
            }
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new SshException(target + ": no answer within " + timeout.toSeconds() + " s");
            }
            for (Process p : started) {
                p.waitFor(10, TimeUnit.SECONDS);
            }
            Result result = new Result(process.exitValue(), read(out), read(err));
            if (result.exitCode() == SSH_FAILED) {
                throw new SshException(unreachable(result.stderr()));
            }
            if (started.size() > 1 && started.get(0).exitValue() != 0 && result.exitCode() == 0) {
                throw new SshException("cannot copy files to " + target + ": tar exited with " + started.get(0).exitValue());
            }
            return result;
        } catch (IOException e) {
            throw new SshException("cannot run ssh to " + target + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SshException("interrupted while talking to " + target, e);
        } finally {
            started.forEach(Process::destroyForcibly);
            delete(out);
            delete(err);
        }
    }

    /** One line saying why ssh itself failed: a changed host key said as such, else ssh's last word. */
    private String unreachable(String stderr) {
        if (stderr.contains("REMOTE HOST IDENTIFICATION HAS CHANGED") || stderr.contains("Host key verification failed")) {
            return target + " shows another host key than the one recorded in " + knownHosts
                    + "; if the host was reinstalled, remove the old one: ssh-keygen -R " + target.host() + " -f " + knownHosts;
        }
        String[] lines = stderr.strip().split("\n");
        String last = lines[lines.length - 1].strip();
        return "cannot reach " + target + " over ssh: " + (last.isEmpty() ? "ssh failed" : last);
    }

    private void prepareKnownHosts() throws IOException {
        Path dir = knownHosts.getParent();
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
        if (!Files.exists(knownHosts)) {
            Files.createFile(knownHosts, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        }
    }

    private static String read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return new String(in.readNBytes(MAX_OUTPUT), StandardCharsets.UTF_8);
        }
    }

    private static void delete(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // a temp file of a few lines
            }
        }
    }
}
