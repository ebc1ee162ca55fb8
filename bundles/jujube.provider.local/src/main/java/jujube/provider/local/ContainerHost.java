package jujube.provider.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.nio.file.attribute.PosixFilePermissions;
import jujube.files.FileTrees;

/**
 * What this host must do for an environment whose machines are LXC containers: tell whether it can run
 * them at all, bring the environment's bridge up (at bootstrap, and again after a reboot removed it) and
 * down, and release the machines' mounts when the environment is destroyed. The containers themselves
 * are the provider's.
 */
public final class ContainerHost {
    /** What an operator does to get containers. */
    public static final String HOW_TO_GET = "install LXC and mmdebstrap ('apt-get install lxc mmdebstrap') and run as root";

    private ContainerHost() {
    }

    /**
     * Why this host cannot run container machines at all, or empty when it has what they need: LXC,
     * iproute2, the tools that make and mount a machine's disk, and root.
     */
    public static Optional<String> unavailable() {
        return unavailable(System.getenv("PATH"), System.getProperty("user.name"));
    }

    /** As {@link #unavailable()}, looking for the tools on {@code path}, running as {@code user}. */
    static Optional<String> unavailable(String path, String user) {
        if (!HostCommand.onPath("lxc-execute", path)) {
            return Optional.of("LXC is not installed (no lxc-execute on PATH)");
        }
        if (!HostCommand.onPath("ip", path)) {
            return Optional.of("iproute2 is not installed (no ip on PATH)");
        }
        if (!HostCommand.onPath("mkfs.ext4", path) || !HostCommand.onPath("mount", path)) {
            return Optional.of("e2fsprogs and mount are needed for the machines' disks (no mkfs.ext4 or mount on PATH)");
        }
        if (!"root".equals(user)) {
            return Optional.of("containers need root, and this runs as " + user);
        }
        return Optional.empty();
    }

    /**
     * Why a machine cannot start here, or empty when it can: a throw-away container of the kind each
     * machine gets (its ids mapped to {@code ids}, an overlay of {@code baseRoot}, no {@code sys_admin},
     * an id-mapped read-only bind) really starts and runs {@code /bin/true}. Its files go in
     * {@code scratch}, a directory the machines' root can reach, removed afterwards.
     */
    public static Optional<String> cannotStart(Path baseRoot, MachineIds ids, Path scratch) {
        try {
            HostDirectories.traversable(baseRoot.toAbsolutePath().getParent());
            Path dir = HostDirectories.traversable(scratch.resolve("probe"));
            for (Path p = dir; p.startsWith(scratch); p = p.getParent()) {
                Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx--x--x"));
            }
            Path upper = Files.createDirectories(scratch.resolve("upper"));
            Path work = Files.createDirectories(scratch.resolve("work"));
            Path hidden = Files.createDirectories(scratch.resolve("hidden"));
            Files.setPosixFilePermissions(hidden, PosixFilePermissions.fromString("rwx------"));
            for (Path p : List.of(upper, work)) {
                Files.setAttribute(p, "unix:uid", (int) ids.uid());
                Files.setAttribute(p, "unix:gid", (int) ids.gid());
            }
            Files.writeString(dir.resolve("config"), String.join("\n",
                    "lxc.uts.name = probe",
                    "lxc.idmap = u 0 " + ids.uid() + " " + ids.count(),
                    "lxc.idmap = g 0 " + ids.gid() + " " + ids.count(),
                    "lxc.rootfs.path = overlay:" + baseRoot + ":" + upper,
                    "lxc.mount.auto = proc:mixed sys:ro cgroup:mixed:force",
                    "lxc.mount.entry = " + hidden + " mnt none ro,bind,idmap=container 0 0",
                    "lxc.cap.drop = sys_admin",
                    "lxc.autodev = 1",
                    "lxc.net.0.type = empty", ""));
            HostCommand.Result r = HostCommand.run(
                    List.of("lxc-execute", "-n", "probe", "-P", scratch.toString(), "--", "/bin/true"), 60);
            return r.exitCode() == 0 ? Optional.empty()
                    : Optional.of("LXC refused to start an unprivileged container (exit " + r.exitCode() + "): " + r.reason());
        } catch (IOException e) {
            return Optional.of("LXC could not be tried: " + e.getMessage());
        } finally {
            try {
                FileTrees.delete(scratch);
            } catch (IOException e) {
                // a probe's leftovers in a scratch directory: harmless
            }
        }
    }

    /**
     * Removes the host's mounts of the environment's container machines: those of its runtime directory
     * (machines' disks, the views they bind) and the directory, and their log directories mounted in the
     * environment's. Their processes must be stopped first.
     */
    public static void release(Path envDir) throws IOException {
        Path runtime = LocalLayout.runtimeDir(envDir);
        HostMounts.unmountAll(LocalLayout.logs(envDir.toAbsolutePath()));
        HostMounts.unmountAll(runtime);
        FileTrees.delete(runtime);
    }

    /** Creates the environment's bridge with the host's address, or completes one a crash left half made. */
    public static void bridgeUp(ContainerNetwork network) throws IOException {
        String bridge = network.bridge();
        if (!Files.exists(Path.of("/sys/class/net", bridge))) {
            HostCommand.check(List.of("ip", "link", "add", bridge, "type", "bridge"), 30);
        }
        String address = network.hostAddress() + "/" + network.prefix();
        HostCommand.Result shown = HostCommand.run(List.of("ip", "-4", "-o", "addr", "show", "dev", bridge), 30);
        if (!shown.output().contains(" " + address + " ")) {
            HostCommand.check(List.of("ip", "addr", "add", address, "dev", bridge), 30);
        }
        HostCommand.check(List.of("ip", "link", "set", bridge, "up"), 30);
    }

    /**
     * Removes the host end of machine {@code machineId}'s veth pair, if it exists, before the machine
     * starts: its previous container is gone (the provider starts a machine only once its {@code lxc-execute}
     * has exited, and LXC kills a container's init with its monitor), yet the kernel removes a pair only
     * once that container's network namespace is freed, which lags its last process, by a minute and more
     * on a loaded host (sockets still closing in it hold it). Meanwhile the pair's name is taken: the new
     * container's start fails ("File exists") and the provider's restart backoff, meant for a machine that
     * keeps dying young, grows to its longest delay. Deleting one end deletes the pair.
     *
     * @return whether a leftover pair was removed
     * @since 3.1
     */
    public static boolean releaseVeth(ContainerNetwork network, int machineId) throws IOException {
        String veth = network.veth(machineId);
        if (!Files.exists(Path.of("/sys/class/net", veth), LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        HostCommand.Result r = HostCommand.run(List.of("ip", "link", "del", veth), 30);
        if (r.exitCode() != 0 && Files.exists(Path.of("/sys/class/net", veth), LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("cannot remove the veth " + veth + " a previous container of machine " + machineId
                    + " left: " + r.reason());
        }
        return true;
    }

    /** Removes the environment's bridge, if it exists; the veths went with their containers. */
    public static void bridgeDown(ContainerNetwork network) throws IOException {
        if (Files.exists(Path.of("/sys/class/net", network.bridge()))) {
            HostCommand.check(List.of("ip", "link", "del", network.bridge()), 30);
        }
    }

}
