package jujube.tls.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The JDK's {@code keytool}, run as a process: the JDK makes keys and certificates itself, so no
 * cryptography library is needed, and its internal classes stay internal. Passwords are passed as files
 * ({@code -storepass:file}), never on a command line that {@code ps} shows.
 */
public final class Keytool {
    private static final long TIMEOUT_SECONDS = 60;
    /** A short-lived JVM: the first compiler tier only (a third less CPU), shared classes where there are. */
    private static final List<String> JVM = List.of("-J-XX:TieredStopAtLevel=1", "-J-Xshare:auto");
    private final Path program;

    private Keytool(Path program) {
        this.program = program;
    }

    /** The keytool of the JDK this JVM runs on. */
    public static Keytool ofRunningJdk() throws IOException {
        Path program = Path.of(System.getProperty("java.home"), "bin", "keytool");
        if (!Files.isExecutable(program)) {
            throw new IOException("no keytool in " + program.getParent() + ": a JDK is needed to make certificates");
        }
        return new Keytool(program);
    }

    /** Runs each command at the same time; fails naming the first that failed and keytool's reason. */
    @SafeVarargs
    public final void all(List<String>... commands) throws IOException {
        List<Process> started = new ArrayList<>();
        try {
            for (List<String> args : commands) {
                List<String> command = new ArrayList<>();
                command.add(program.toString());
                command.addAll(JVM);
                command.addAll(args);
                started.add(new ProcessBuilder(command).redirectErrorStream(true)
                        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start());
            }
            for (int i = 0; i < started.size(); i++) {
                Process p = started.get(i);
                String output;
                try (InputStream in = p.getInputStream()) {
                    output = new String(in.readNBytes(16 * 1024), StandardCharsets.UTF_8);
                }
                if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    throw new IOException("keytool " + commands[i].get(0) + " did not finish within " + TIMEOUT_SECONDS + " s");
                }
                if (p.exitValue() != 0) {
                    String[] lines = output.strip().split("\n");
                    throw new IOException("keytool " + commands[i].get(0) + " failed: " + lines[lines.length - 1].strip());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while making certificates", e);
        } finally {
            started.forEach(Process::destroyForcibly);
        }
    }
}
