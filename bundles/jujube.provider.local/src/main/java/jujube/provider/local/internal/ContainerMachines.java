package jujube.provider.local.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import jujube.agent.provisioning.ProviderException;
import jujube.files.AtomicFiles;
import jujube.files.FileTrees;
import jujube.provider.local.ContainerHost;
import jujube.provider.local.ContainerNetwork;
import jujube.provider.local.ContainerSettings;
import jujube.provider.local.HostMounts;
import jujube.provider.local.LocalLayout;
import jujube.provider.local.MachineIds;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The host's side of the environment's container machines: before each start, the runtime directory
 * with the read-only views machines bind, the machine's disk, and its LXC configuration; when a machine
 * goes, its disk. Everything the host writes into a machine's directory is handed to the machine's root,
 * and the host never follows a link the machine may have put there.
 */
final class ContainerMachines implements MachineKind {
    private static final Logger LOG = LoggerFactory.getLogger(ContainerMachines.class);
    private final LocalLayout layout;
    private final ContainerSettings settings;
    private final CgroupVersions cgroups;
    private final Path javaHome;
    private final List<Path> jdkBinds;

    ContainerMachines(LocalLayout layout, CgroupVersions cgroups, Path javaHome) throws IOException {
        this.layout = layout;
        this.settings = layout.containers().orElseThrow();
        this.cgroups = cgroups;
        this.javaHome = javaHome.toRealPath();
        this.jdkBinds = JdkBinds.of(this.javaHome);
    }

    /** The machines of the layout, on this host's cgroups and this process's JDK. */
    static ContainerMachines onThisHost(LocalLayout layout) throws IOException {
        return new ContainerMachines(layout, CgroupVersions.host(), Path.of(System.getProperty("java.home")));
    }

    MachineDisk disk(int machineId) {
        return new MachineDisk(layout.machineImage(machineId), layout.machineMount(machineId));
    }

    /** Mounts the machine's disk (made at its first start), so that its directory can be written. */
    @Override
    public void attach(int machineId) throws IOException {
        if (!Files.isDirectory(settings.baseRoot())) {
            throw new ProviderException("the machines' base root " + settings.baseRoot() + " is missing: 'jujube bootstrap'"
                    + " makes it again");
        }
        runtimeDirectory(LocalLayout.RUNTIME_ROOT);
        runtimeDirectory(layout.runtimeDir());
        ownerOnly(layout.containerDataDir(machineId).getParent());
        ownerOnly(layout.containerDataDir(machineId));
        disk(machineId).attach(settings.limits().diskBytes(), settings.ids());
    }

    /**
     * Everything the machine's start needs besides its directory's content: the views of the charm storage
     * and of the (current) distribution, the machine's names, its seccomp profile and configuration.
     */
    @Override
    public void prepare(int machineId, Map<String, String> hostEnvironment) throws IOException {
        attach(machineId);
        if (ContainerHost.releaseVeth(settings.network(), machineId)) {
            LOG.warn("machine {}: removed the veth its previous container left (its network namespace not freed yet)",
                    machineId);
        }
        Files.createDirectories(layout.charmStorage());
        HostMounts.bindReadOnly(layout.charmStorage(), layout.charmsView());
        HostMounts.bindReadOnly(layout.distDir(), layout.distView());
        MachineDisk disk = disk(machineId);
        // its log directory, on its disk, read where every machine's log is read
        Path logDir = directoryInMachine(layout.agentLog(machineId).getParent());
        HostMounts.bind(logDir, layout.log(machineId).getParent());
        writeNames(disk.upper(), settings.network(), machineId);
        Path dir = runtimeDirectory(layout.containersDir()).resolve(layout.containerName(machineId));
        runtimeDirectory(dir);
        Path seccomp = dir.resolve("seccomp");
        AtomicFiles.write(seccomp, SeccompProfile.TEXT.getBytes(StandardCharsets.US_ASCII));
        List<String> lines = ContainerConfig.lines(layout, machineId, disk, seccomp, cgroups, javaHome, jdkBinds,
                hostEnvironment);
        AtomicFiles.write(dir.resolve("config"), (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
        AtomicFiles.createOwnerOnly(layout.containerLog(machineId)); // LXC would make it group-readable
    }

    /** Gives a file the host wrote into the machine's directory to the machine's root. */
    @Override
    public void handOver(Path file) throws IOException {
        MachineDisk.chown(file, settings.ids());
    }

    /**
     * Makes {@code dir} in the machine's directory (a link the machine put there is replaced), the
     * machine root's.
     */
    private Path directoryInMachine(Path dir) throws IOException {
        if (Files.isSymbolicLink(dir)) {
            Files.delete(dir); // the machine's own directory: what it linked there is not the host's to follow
        }
        return MachineDisk.owned(dir, "rwx------", settings.ids());
    }

    /** Removes the machine's disk and configuration: it is gone for good. */
    @Override
    public void destroy(int machineId) throws IOException {
        HostMounts.unmountAll(layout.log(machineId).getParent());
        disk(machineId).destroy();
        FileTrees.delete(layout.containerDir(machineId));
        FileTrees.delete(layout.containerDataDir(machineId));
    }

    /**
     * The machine's own {@code /etc/hosts} and {@code /etc/resolv.conf}, in its writable layer. A machine
     * reaches only the host and the other machines, so the host's nameserver is out of reach: every
     * lookup of a name (the JVM's of its own hostname, ZooKeeper's of the controller's address) would
     * wait for the resolver's timeouts, 20 s each. The names it needs are in its hosts file, and with no
     * nameserver any other lookup fails at once. A machine that made its {@code /etc} a link keeps it.
     */
    private void writeNames(Path upper, ContainerNetwork network, int machineId) throws IOException {
        Path etc = upper.resolve("etc");
        if (Files.isSymbolicLink(etc)) {
            LOG.warn("machine {}: its /etc is a link; its names are left as they are", machineId);
            return;
        }
        if (!Files.exists(etc, LinkOption.NOFOLLOW_LINKS)) {
            MachineDisk.owned(etc, "rwxr-xr-x", settings.ids());
        }
        String hosts = "127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n"
                + network.machineAddress(machineId) + "\tmachine-" + machineId + "\n"
                + network.hostAddress() + "\tcontroller\n";
        writeReadable(etc.resolve("hosts"), hosts);
        writeReadable(etc.resolve("resolv.conf"),
                "# no nameserver: a machine reaches only the host and the other machines\n");
    }

    private void writeReadable(Path file, String text) throws IOException {
        AtomicFiles.write(file, text.getBytes(StandardCharsets.US_ASCII));
        handOver(file);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    }

    /**
     * A directory of the runtime tree: the host root's, which other users may pass but not list, since
     * the machines' root must pass it to reach what they bind.
     */
    private static Path runtimeDirectory(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx--x--x"));
        return dir;
    }

    private static void ownerOnly(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    }

    MachineIds ids() {
        return settings.ids();
    }
}
