package jujube.provider.local.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jujube.agent.provisioning.ProviderException;
import jujube.files.AtomicFiles;
import jujube.provider.local.ContainerNetwork;
import jujube.provider.local.LocalLayout;

/**
 * The LXC configuration of a container machine, written before each start so that it always names
 * the current distribution. The container's root is an overlay of the host's root whose writable
 * layer is {@code delta/} in the container's directory: the machine sees the host's JDK and
 * distribution, and what it writes ({@code /etc}, {@code /usr/local}, packages) stays in its layer. The
 * environment's directory is hidden behind an empty tmpfs, in which only the machine's own directory
 * (read-write) and the charm storage (read-only) are mounted: a machine sees neither the controller's
 * data nor another machine's. It has its own hostname, process table and network namespace, with one
 * veth on the environment's bridge.
 */
final class ContainerConfig {
    /** The host variables the agent inside needs; a container starts with an empty environment. */
    private static final List<String> PASSED = List.of("PATH", "JAVA_HOME", "LANG", "JUJUBE_AGENT_JAVA_OPTS",
            "JUJUBE_AGENT_HEAP", "JUJUBE_AGENT_LOG_SIZE", "JUJUBE_AGENT_LOG_FILES");

    private ContainerConfig() {
    }

    /** Writes machine {@code machineId}'s configuration and creates its directories; returns the config file. */
    static Path write(LocalLayout layout, int machineId, Map<String, String> hostEnvironment) throws IOException {
        ContainerNetwork network = layout.containers().orElseThrow();
        Path dir = layout.containerDir(machineId);
        Path delta = Files.createDirectories(dir.resolve("delta"));
        Path machineDir = Files.createDirectories(layout.machineDir(machineId));
        Files.createDirectories(layout.charmStorage());
        List<String> lines = new ArrayList<>();
        lines.add("# machine " + machineId + " of " + layout.envDir() + ", written by the local provider at each start");
        lines.add("lxc.uts.name = machine-" + machineId);
        lines.add("lxc.rootfs.path = overlay:/:" + spaceless(delta));
        lines.add("lxc.autodev = 1");
        // pseudo-terminals of its own (a devpts instance): shells of lxc-attach, tmux of debug-hooks
        lines.add("lxc.pty.max = 1024");
        lines.add("lxc.mount.auto = proc:rw sys:ro cgroup:ro");
        lines.add("lxc.mount.entry = tmpfs " + inside(layout.envDir()) + " tmpfs rw,mode=0700,create=dir 0 0");
        lines.add(bind(machineDir, "rw"));
        lines.add(bind(layout.charmStorage(), "ro"));
        lines.add(bind(layout.distDir(), "ro"));
        lines.add("lxc.net.0.type = veth");
        lines.add("lxc.net.0.link = " + network.bridge());
        lines.add("lxc.net.0.veth.pair = " + network.veth(machineId));
        lines.add("lxc.net.0.flags = up");
        lines.add("lxc.net.0.ipv4.address = " + network.machineAddress(machineId) + "/" + network.prefix());
        lines.add("lxc.net.0.ipv4.gateway = " + network.hostAddress());
        lines.add("lxc.environment = HOME=/root");
        for (String name : PASSED) {
            String value = hostEnvironment.get(name);
            if (value != null && !value.isEmpty() && value.indexOf('\n') < 0) {
                lines.add("lxc.environment = " + name + "=" + value);
            }
        }
        writeNames(delta, network, machineId);
        Path config = dir.resolve("config");
        AtomicFiles.write(config, (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
        return config;
    }

    /**
     * The machine's own {@code /etc/hosts} and {@code /etc/resolv.conf}, in its writable layer. A machine
     * reaches only the host and the other machines, so the host's nameserver is out of reach: every
     * lookup of a name (the JVM's of its own hostname, ZooKeeper's of the controller's address) would
     * wait for the resolver's timeouts, 20 s each. The names it needs are in its hosts file, and with no
     * nameserver any other lookup fails at once.
     */
    private static void writeNames(Path delta, ContainerNetwork network, int machineId) throws IOException {
        Path etc = Files.createDirectories(delta.resolve("etc"));
        String hosts = "127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n"
                + network.machineAddress(machineId) + "\tmachine-" + machineId + "\n"
                + network.hostAddress() + "\tcontroller\n";
        AtomicFiles.write(etc.resolve("hosts"), hosts.getBytes(StandardCharsets.US_ASCII));
        AtomicFiles.write(etc.resolve("resolv.conf"),
                "# no nameserver: a machine reaches only the host and the other machines\n".getBytes(StandardCharsets.US_ASCII));
    }

    /** A bind mount of a host directory at the same path inside. */
    private static String bind(Path hostDir, String mode) {
        return "lxc.mount.entry = " + spaceless(hostDir) + " " + inside(hostDir) + " none " + mode + ",bind,create=dir 0 0";
    }

    /** A mount target: LXC takes it relative to the container's root. */
    private static String inside(Path hostDir) {
        return spaceless(hostDir).substring(1);
    }

    /** LXC's mount entries are space-separated fields, with no way to quote a path. */
    private static String spaceless(Path path) {
        String text = path.toAbsolutePath().normalize().toString();
        if (text.chars().anyMatch(Character::isWhitespace)) {
            throw new ProviderException("'" + text + "' holds a blank, which an LXC configuration cannot name;"
                    + " use a path without blanks for the environment and the distribution");
        }
        return text;
    }
}
