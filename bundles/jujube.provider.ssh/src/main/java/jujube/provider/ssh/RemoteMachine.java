package jujube.provider.ssh;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A machine agent on a host reached over SSH. Its files live in one directory of that host,
 * {@code /var/lib/jujube/SERVICE} for root, else {@code ~/.local/share/jujube/SERVICE}: {@code dist/} (the
 * parts of the distribution a machine agent runs: {@code bin/jujube-agent}, {@code lib/launcher},
 * {@code lib/gogo}, {@code features/machine-agent}, and {@code lib/dist.properties}, its version), {@code jdk/} (a copy of this JDK, when the host has
 * no Java 17 or later), {@code data/} (the agent's data directory, holding the files it is given before
 * its first start: the authority certificate, its credential), {@code charms/} (empty: the agent reads
 * archives from the state), {@code run} (its command line) and {@code agent.log}. It runs as the systemd
 * unit {@code SERVICE.service} where systemd is the init and we log in as root, else as a detached
 * supervisor ({@code supervise}) that starts it again whenever it exits, which does not outlive a reboot.
 */
public final class RemoteMachine {
    private static final Pattern SERVICE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,99}");
    /** What of the distribution a machine agent needs. */
    private static final List<String> DISTRIBUTION = List.of("bin/jujube-agent", "lib/launcher", "lib/gogo",
            "lib/dist.properties", "features/machine-agent");
    /** What of a JDK a machine agent does not need. */
    private static final List<String> NOT_OF_JDK = List.of("./jmods", "./include", "./man", "./demo", "./docs",
            "./lib/src.zip");
    private static final Duration SHORT = Duration.ofSeconds(60);
    private static final Duration COPY = Duration.ofMinutes(10);
    private final SshHost host;
    private final String service;
    private final String description;

    /**
     * @param service the name of the machine's directory and service on the host, unique per environment
     *     and machine
     * @param description what the service is, for the host's service manager
     */
    public RemoteMachine(SshHost host, String service, String description) {
        this.host = Objects.requireNonNull(host, "host");
        if (service == null || !SERVICE.matcher(service).matches()) {
            throw new IllegalArgumentException("'" + service + "' cannot name a service");
        }
        this.service = service;
        this.description = description.replaceAll("[^A-Za-z0-9 ._/-]", "_");
    }

    /**
     * What the host has and where the machine goes there.
     *
     * @param dir the machine's directory on the host
     * @param javaVersion the feature version of the host's {@code java}, 0 when it has none
     * @param systemd whether the agent becomes a systemd unit
     * @param arch the host's machine hardware name ({@code uname -m})
     * @param installed whether the machine's directory exists there
     * @param missing the tools the host lacks
     */
    public record Probe(String dir, int javaVersion, boolean systemd, String arch, boolean installed, List<String> missing) {}

    /** How the agent reaches the environment, and is reached. */
    public record Agent(int machineId, String zookeeper, String address, int sessionTimeoutMs) {}

    public Probe probe() {
        SshHost.Result r = host.run(script("probe.sh"), List.of(service), SHORT);
        if (r.exitCode() != 0) {
            throw new SshException("cannot look around " + host.target() + ": " + r.reason());
        }
        Map<String, String> found = new LinkedHashMap<>();
        List<String> missing = new ArrayList<>();
        for (String line : r.stdout().split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                String key = line.substring(0, eq);
                if (key.equals("missing")) {
                    missing.add(line.substring(eq + 1));
                } else {
                    found.put(key, line.substring(eq + 1).strip());
                }
            }
        }
        String dir = found.getOrDefault("dir", "");
        if (!dir.startsWith("/") || dir.chars().anyMatch(Character::isWhitespace)) {
            throw new SshException(host.target() + ": its directory for the machine, '" + dir
                    + "', is not an absolute path without blanks");
        }
        int java;
        try {
            java = Integer.parseInt(found.getOrDefault("java", "0"));
        } catch (NumberFormatException e) {
            java = 0;
        }
        return new Probe(dir, java, "yes".equals(found.get("systemd")), found.getOrDefault("arch", "?"),
                "yes".equals(found.get("installed")), List.copyOf(missing));
    }

    /**
     * Installs the agent and starts it. The host must have this host's architecture (the JDK copy and the
     * hook tools' native forwarder are built for it) and lack the machine's directory.
     *
     * @param distribution the distribution this command runs from
     * @param jdk the JDK copied when the host has no Java 17 or later
     * @param dataFiles files put in the agent's data directory (owner-only) before its first start, by name
     */
    public void install(Probe probe, Path distribution, Path jdk, Agent agent, Map<String, byte[]> dataFiles) {
        if (probe.installed()) {
            throw new SshException(host.target() + " already has " + probe.dir() + ": a machine of this name was"
                    + " installed there and not removed");
        }
        if (!probe.missing().isEmpty()) {
            throw new SshException(host.target() + " lacks " + String.join(", ", probe.missing()));
        }
        if (!probe.arch().equals(localArch())) {
            throw new SshException(host.target() + " is " + probe.arch() + ", this host " + localArch()
                    + ": a machine runs the distribution and tools built here");
        }
        String dir = probe.dir();
        copy(distribution, DISTRIBUTION, false, List.of(), dir + "/dist", "the distribution");
        if (probe.javaVersion() < 17) {
            copy(jdk, List.of("."), true, NOT_OF_JDK, dir + "/jdk", "a JDK (the host has no Java 17)");
        }
        for (Map.Entry<String, byte[]> file : dataFiles.entrySet()) {
            put(dir + "/data/" + file.getKey(), file.getValue(), "600");
        }
        put(dir + "/run", runScript(dir, agent).getBytes(StandardCharsets.UTF_8), "700");
        put(dir + "/supervise", script("supervise.sh").getBytes(StandardCharsets.UTF_8), "700");
        SshHost.Result started = host.run(script("start.sh"),
                List.of(dir, service, description, probe.systemd() ? "yes" : "no"), SHORT);
        if (started.exitCode() != 0) {
            throw new SshException("cannot start the machine agent on " + host.target() + ": " + started.reason());
        }
    }

    /** Stops the agent and removes its files; returns whether there was anything. Nothing there is no error. */
    public boolean remove() {
        Probe probe = probe();
        SshHost.Result r = host.run(script("remove.sh"), List.of(probe.dir(), service), SHORT);
        if (r.exitCode() != 0) {
            throw new SshException("cannot remove the machine agent from " + host.target() + ": " + r.reason());
        }
        return r.stdout().contains("removed");
    }

    /** The last lines of the agent's log there, for an operator who asks why it did not come. */
    public String logTail(Probe probe, int lines) {
        SshHost.Result r = host.run("tail -n \"$2\" \"$1/agent.log\" 2>/dev/null", List.of(probe.dir(), Integer.toString(lines)),
                SHORT);
        return r.stdout().strip();
    }

    private void copy(Path from, List<String> entries, boolean dereference, List<String> excludes, String to, String what) {
        SshHost.Result r = host.runWithTar(from, entries, dereference, excludes, script("receive.sh"), List.of(to), COPY);
        if (r.exitCode() != 0) {
            throw new SshException("cannot copy " + what + " to " + host.target() + ": " + r.reason());
        }
    }

    private void put(String file, byte[] content, String mode) {
        SshHost.Result r = host.run(script("put.sh"), List.of(file, mode), content, SHORT);
        if (r.exitCode() != 0) {
            throw new SshException("cannot write " + file + " on " + host.target() + ": " + r.reason());
        }
    }

    /** The agent's command line on the host, with the copied JDK first on its path when there is one. */
    static String runScript(String dir, Agent agent) {
        String d = SshHost.quote(dir);
        return "#!/bin/sh\n"
                + "# machine " + agent.machineId() + "'s agent, written by jujube add-machine\n"
                + "dir=" + d + "\n"
                + "if [ -x \"$dir/jdk/bin/java\" ]; then JAVA_HOME=$dir/jdk PATH=$dir/jdk/bin:$PATH; export JAVA_HOME PATH; fi\n"
                + "mkdir -p \"$dir/charms\"\n"
                + "exec \"$dir/dist/bin/jujube-agent\" machine --machine-id " + agent.machineId()
                + " --zookeeper " + SshHost.quote(agent.zookeeper())
                + " --data-dir \"$dir/data\" --charm-storage \"$dir/charms\""
                + " --address " + SshHost.quote(agent.address())
                + " --session-timeout " + agent.sessionTimeoutMs()
                + " --zookeeper-ca \"$dir/data/" + ZOOKEEPER_CA + "\"\n";
    }

    /** The name the authority certificate has in the agent's data directory. */
    public static final String ZOOKEEPER_CA = "zookeeper-ca.pem";

    /** This host's architecture as {@code uname -m} says it. */
    static String localArch() {
        String arch = System.getProperty("os.arch");
        return switch (arch) {
            case "amd64" -> "x86_64";
            case "arm64" -> "aarch64";
            default -> arch;
        };
    }

    static String script(String name) {
        try (InputStream in = RemoteMachine.class.getResourceAsStream("scripts/" + name)) {
            if (in == null) {
                throw new IllegalStateException("script " + name + " is missing from the bundle");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read script " + name + ": " + e.getMessage(), e);
        }
    }
}
