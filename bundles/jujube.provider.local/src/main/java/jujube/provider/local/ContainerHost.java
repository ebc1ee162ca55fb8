package jujube.provider.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import jujube.files.FileTrees;

/**
 * What this host must do for an environment whose machines are LXC containers: tell whether it can run
 * them at all, and bring the environment's bridge up (at bootstrap, and again after a reboot removed it)
 * and down (when the environment is destroyed). The containers themselves are the provider's.
 */
public final class ContainerHost {
    /** What an operator does to get containers. */
    public static final String HOW_TO_GET = "install LXC ('apt-get install lxc') and run as root";

    private ContainerHost() {
    }

    /**
     * Why this host cannot run the environment's machines as containers, or empty when it can: LXC is
     * installed, we are root, and a throw-away container on an overlay of the host's root (the kind each
     * machine gets) really starts and runs {@code /bin/true}. The probe's files go in {@code scratch},
     * which is removed afterwards.
     */
    public static Optional<String> unavailable(Path scratch) {
        return unavailable(scratch, System.getenv("PATH"));
    }

    /** As {@link #unavailable(Path)}, looking for the tools on {@code path}. */
    static Optional<String> unavailable(Path scratch, String path) {
        if (!HostCommand.onPath("lxc-execute", path)) {
            return Optional.of("LXC is not installed (no lxc-execute on PATH)");
        }
        if (!HostCommand.onPath("ip", path)) {
            return Optional.of("iproute2 is not installed (no ip on PATH)");
        }
        if (!"root".equals(System.getProperty("user.name"))) {
            return Optional.of("containers need root, and this runs as " + System.getProperty("user.name"));
        }
        try {
            Path dir = Files.createDirectories(scratch.resolve("probe"));
            Files.writeString(dir.resolve("config"), String.join("\n",
                    "lxc.uts.name = probe",
                    "lxc.rootfs.path = overlay:/:" + Files.createDirectories(dir.resolve("delta")),
                    "lxc.mount.auto = proc:rw sys:ro",
                    "lxc.autodev = 1",
                    "lxc.net.0.type = empty", ""));
            HostCommand.Result r = HostCommand.run(
                    List.of("lxc-execute", "-n", "probe", "-P", scratch.toString(), "--", "/bin/true"), 60);
            return r.exitCode() == 0 ? Optional.empty()
                    : Optional.of("LXC refused to start a container (exit " + r.exitCode() + "): " + r.reason());
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

    /** Removes the environment's bridge, if it exists; the veths went with their containers. */
    public static void bridgeDown(ContainerNetwork network) throws IOException {
        if (Files.exists(Path.of("/sys/class/net", network.bridge()))) {
            HostCommand.check(List.of("ip", "link", "del", network.bridge()), 30);
        }
    }

}
