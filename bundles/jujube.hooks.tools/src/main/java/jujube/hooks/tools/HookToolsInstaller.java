package jujube.hooks.tools;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts the hook tools in a directory. When this bundle carries a native forwarder for this machine and
 * it runs ({@code jujube-hook-tool --probe}), the directory gets the binary and the nine tool names as
 * symbolic links to it, plus {@value #SESSION_LEADER}, the same binary acting as {@code setsid}; otherwise
 * nine shell scripts that start {@link JavaToolClient} (the slow path).
 * Every file is written to a temporary name and renamed into place, so a hook running during an
 * install sees either the old tool or the new one, never half a file. Installing again is harmless.
 */
public final class HookToolsInstaller {
    /** The forwarder's file name in the bin directory and in the bundle. */
    public static final String BINARY = "jujube-hook-tool";
    private static final Logger LOG = LoggerFactory.getLogger(HookToolsInstaller.class);
    private static final int PROBE_ATTEMPTS = 8;
    /**
     * The forwarder under this name runs {@code PROGRAM [ARG...]} as the leader of a new session, as
     * {@code setsid(1)} does, without a dynamic loader's start-up: the hook invoker starts hooks through it.
     */
    public static final String SESSION_LEADER = "jujube-hook-leader";

    private final JavaFallback fallback;
    private final String nativeResource;

    public HookToolsInstaller(JavaFallback fallback) {
        this(fallback, nativeResource());
    }

    /** For tests: look the forwarder up under another resource name (a missing one forces the fallback). */
    HookToolsInstaller(JavaFallback fallback, String nativeResource) {
        this.fallback = fallback;
        this.nativeResource = nativeResource;
    }

    public InstalledTools install(Path binDir) throws IOException {
        Files.createDirectories(binDir);
        if (installNative(binDir)) {
            List<Path> links = new ArrayList<>();
            for (String name : linkNames()) {
                Path temp = binDir.resolve("." + name + "." + ProcessHandle.current().pid() + ".tmp");
                Files.deleteIfExists(temp);
                // A hard link: the forwarder's own mode (owner-only), no link a reader could follow elsewhere,
                // and the directory can still be moved or bind-mounted (made again at each install)
                Files.createLink(temp, binDir.resolve(BINARY));
                links.add(Files.move(temp, binDir.resolve(name), StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING));
            }
            return new InstalledTools(binDir, InstalledTools.Mode.NATIVE, links.subList(0, HookToolNames.ALL.size()));
        }
        // A leader left by an earlier native install would point at a binary that does not run here.
        Files.deleteIfExists(binDir.resolve(SESSION_LEADER));
        List<Path> scripts = new ArrayList<>();
        for (String name : HookToolNames.ALL) {
            scripts.add(writeAtomically(binDir, name, script().getBytes(StandardCharsets.UTF_8)));
        }
        return new InstalledTools(binDir, InstalledTools.Mode.JAVA, scripts);
    }

    private static List<String> linkNames() {
        List<String> names = new ArrayList<>(HookToolNames.ALL);
        names.add(SESSION_LEADER);
        return names;
    }

    /** The resource path of the forwarder for this machine, e.g. {@code native/linux-x86_64/...}. */
    static String nativeResource() {
        String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        String platform = os.startsWith("linux") ? "linux-" + (arch.equals("amd64") ? "x86_64" : arch) : os + "-" + arch;
        return "native/" + platform + "/" + BINARY;
    }

    private boolean installNative(Path binDir) throws IOException {
        byte[] binary;
        try (InputStream in = HookToolsInstaller.class.getResourceAsStream(nativeResource)) {
            if (in == null) {
                return false;
            }
            binary = in.readAllBytes();
        }
        Path installed = writeAtomically(binDir, BINARY, binary);
        return probe(installed);
    }

    /**
     * Whether the installed forwarder runs here. Tried a few times before giving up: an exec of a file
     * just written fails with "Text file busy" while a process forked meanwhile by another thread of
     * this JVM still holds the descriptor it was written through (until that child closes it before its
     * own exec). Many unit agents installing at once in one machine agent meet that race, and a unit
     * that fell back for it paid a JVM start at every tool call.
     */
    private static boolean probe(Path binary) {
        String failure = "";
        for (int attempt = 1; attempt <= PROBE_ATTEMPTS; attempt++) {
            try {
                Process process = new ProcessBuilder(binary.toString(), "--probe").redirectErrorStream(true).start();
                String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    failure = "no answer within 10 s";
                } else if (process.exitValue() == 0 && output.strip().equals(BINARY)) {
                    return true;
                } else {
                    failure = "exit " + process.exitValue() + ": " + output.strip();
                }
            } catch (IOException e) {
                failure = e.getMessage(); // wrong architecture, a noexec mount, or the race above
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20L * attempt));
        }
        LOG.warn("the native hook tool forwarder {} does not run here ({}): hook tools fall back to the Java "
                + "client, a JVM start per call", binary, failure);
        return false;
    }

    private String script() {
        String classpath = fallback.classpath().stream().map(Path::toString).collect(Collectors.joining(":"));
        return "#!/bin/sh\n"
                + "# The slow path of the hook tools: the native forwarder cannot run on this machine.\n"
                + "exec " + quote(fallback.java().toString()) + " -XX:TieredStopAtLevel=1 -Xshare:auto -cp "
                + quote(classpath) + " jujube.hooks.tools.JavaToolClient \"$0\" \"$@\"\n";
    }

    private static String quote(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }

    private static Path writeAtomically(Path dir, String name, byte[] content) throws IOException {
        Path temp = Files.createTempFile(dir, "." + name, ".tmp");
        try {
            Files.write(temp, content);
            // the agent's user runs it (hooks are that user): nobody else need read or run it
            Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwx------"));
            return Files.move(temp, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
