package jujube.provider.local.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jujube.agent.provisioning.ProviderException;
import jujube.provider.local.ContainerSettings;
import jujube.provider.local.LocalLayout;

/**
 * The LXC configuration of a container machine, written before each start so that it always names the
 * current distribution. The machine is an unprivileged container:
 * <ul>
 * <li>its ids are mapped to the machines' range of host ids, so its root is nobody on the host;</li>
 * <li>its root filesystem is an overlay of the host's shared base root (a Debian of its own, not the
 * host's {@code /}) under its own writable layer, on its own size-limited disk;</li>
 * <li>it sees, of the host, only its own directory (read-write, no set-uid files or devices), the charm
 * storage and the distribution (read-only), and the JDK (read-only);</li>
 * <li>it holds no capability it does not need: none of mounting ({@code sys_admin}), loading modules,
 * raw I/O, the clock, rebooting, the kernel's log, security modules, auditing or the network's
 * configuration; LXC's seccomp policy refuses what the capabilities do not cover ({@link SeccompProfile});
 * {@code /proc/sys} and {@code /sys} are read-only; of the cgroups it sees its own, delegated, so that its
 * agent bounds each unit's hooks below the machine's own limits; of the devices, the harmless ones;</li>
 * <li>its processes and memory are bounded by its cgroup, its disk by the size of its filesystem.</li>
 * </ul>
 * It has its own hostname, process table and network namespace, with one veth on the environment's bridge.
 */
final class ContainerConfig {
    /** The host variables the agent inside needs; a container starts with an empty environment. */
    private static final List<String> PASSED = List.of("LANG", "JUJUBE_AGENT_JAVA_OPTS", "JUJUBE_AGENT_HEAP",
            "JUJUBE_AGENT_LOG_SIZE", "JUJUBE_AGENT_LOG_FILES");
    private static final String SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
    /**
     * What a machine does not need of its root's capabilities in its own user namespace: mounting and the
     * rest of {@code sys_admin} (a bind the host made could otherwise be taken away or made writable),
     * and what touches the host's kernel whatever the namespace.
     */
    static final List<String> DROPPED_CAPABILITIES = List.of("sys_admin", "sys_module", "sys_rawio", "sys_time",
            "sys_boot", "sys_pacct", "sys_tty_config", "syslog", "mac_admin", "mac_override", "audit_control",
            "net_admin", "wake_alarm", "block_suspend", "lease");
    /** The devices a machine may use: null, zero, full, random, urandom, tty, console, ptmx and its terminals. */
    static final List<String> DEVICES = List.of("c 1:3 rwm", "c 1:5 rwm", "c 1:7 rwm", "c 1:8 rwm", "c 1:9 rwm",
            "c 5:0 rwm", "c 5:1 rwm", "c 5:2 rwm", "c 136:* rwm");

    private ContainerConfig() {
    }

    /**
     * The configuration's lines.
     *
     * @param disk the machine's mounted disk
     * @param seccomp the seccomp profile's file
     * @param cgroups which cgroup keys this host takes
     * @param javaHome the JDK the agent runs on, bound with {@code jdkBinds}
     * @param hostEnvironment the host's variables, of which {@link #PASSED} go in
     */
    static List<String> lines(LocalLayout layout, int machineId, MachineDisk disk, Path seccomp, CgroupVersions cgroups,
            Path javaHome, List<Path> jdkBinds, Map<String, String> hostEnvironment) {
        ContainerSettings settings = layout.containers().orElseThrow();
        List<String> lines = new ArrayList<>();
        lines.add("# machine " + machineId + " of " + layout.envDir() + ", written by the local provider at each start");
        lines.add("lxc.uts.name = machine-" + machineId);
        lines.add("lxc.idmap = u 0 " + settings.ids().uid() + " " + settings.ids().count());
        lines.add("lxc.idmap = g 0 " + settings.ids().gid() + " " + settings.ids().count());
        lines.add("lxc.rootfs.path = overlay:" + spaceless(settings.baseRoot()) + ":" + spaceless(disk.upper()));
        lines.add("lxc.autodev = 1");
        // pseudo-terminals of its own (a devpts instance): shells of lxc-attach, tmux of debug-hooks
        lines.add("lxc.pty.max = 1024");
        // cgroups: its own, writable (the agent's per-unit limits); ":force" because with a cgroup
        // namespace LXC would otherwise mount none, and the agent would find no cgroup to limit hooks in
        lines.add("lxc.mount.auto = proc:mixed sys:ro cgroup:mixed:force");
        lines.add(bind(disk.home(), layout.machineDir(machineId), "rw,nosuid,nodev"));
        // the storage's files are the host root's, owner-only: the machine sees them as its root's
        lines.add(bind(layout.charmsView(), layout.charmsView(), "ro,nosuid,nodev,idmap=container"));
        lines.add(bind(layout.distView(), layout.distView(), "ro,nosuid,nodev"));
        for (Path dir : jdkBinds) {
            lines.add(bind(dir, dir, "ro,nosuid,nodev"));
        }
        lines.add("lxc.cap.drop = " + String.join(" ", DROPPED_CAPABILITIES));
        lines.add("lxc.seccomp.profile = " + spaceless(seccomp));
        lines.addAll(cgroups.devices(DEVICES));
        lines.add(cgroups.pids(settings.limits().processes()));
        lines.add(cgroups.memory(settings.limits().memoryBytes()));
        lines.add("lxc.net.0.type = veth");
        lines.add("lxc.net.0.link = " + settings.network().bridge());
        lines.add("lxc.net.0.veth.pair = " + settings.network().veth(machineId));
        lines.add("lxc.net.0.flags = up");
        lines.add("lxc.net.0.ipv4.address = " + settings.network().machineAddress(machineId) + "/" + settings.network().prefix());
        lines.add("lxc.net.0.ipv4.gateway = " + settings.network().hostAddress());
        lines.add("lxc.environment = HOME=/root");
        // its hooks make files for its services' users, on its own disk: the usual umask, not the host agents'
        lines.add("lxc.environment = JUJUBE_AGENT_UMASK=022");
        lines.add("lxc.environment = JAVA_HOME=" + javaHome);
        lines.add("lxc.environment = PATH=" + javaHome.resolve("bin") + ":" + SYSTEM_PATH);
        for (String name : PASSED) {
            String value = hostEnvironment.get(name);
            if (value != null && !value.isEmpty() && value.indexOf('\n') < 0) {
                lines.add("lxc.environment = " + name + "=" + value);
            }
        }
        return lines;
    }

    /** A bind mount of a host directory at {@code inside} (an absolute path in the machine). */
    private static String bind(Path hostDir, Path inside, String options) {
        return "lxc.mount.entry = " + spaceless(hostDir) + " " + spaceless(inside).substring(1) + " none "
                + options + ",bind,create=dir 0 0";
    }

    /** LXC's mount entries are space-separated fields, with no way to quote a path. */
    static String spaceless(Path path) {
        String text = path.toAbsolutePath().normalize().toString();
        if (text.chars().anyMatch(Character::isWhitespace)) {
            throw new ProviderException("'" + text + "' holds a blank, which an LXC configuration cannot name;"
                    + " use a path without blanks for the environment, the distribution and the JDK");
        }
        return text;
    }
}
