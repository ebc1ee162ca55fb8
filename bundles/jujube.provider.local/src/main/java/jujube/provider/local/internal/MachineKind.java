package jujube.provider.local.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import jujube.files.FileTrees;
import jujube.provider.local.LocalLayout;

/**
 * What the host does for a machine of one kind around its process: make its directory ready to be
 * written, prepare a start, own what the host writes into the directory, and remove the machine for good.
 * {@link ProcessMachines} need no more than a directory; {@link ContainerMachines} a disk, mounts and a
 * configuration.
 */
interface MachineKind {
    /** The machine's directory exists and may be written (a container machine's disk mounted). */
    void attach(int machineId) throws IOException;

    /** Everything the machine's next start needs besides what is written into its directory. */
    void prepare(int machineId, Map<String, String> hostEnvironment) throws IOException;

    /** A file the host wrote into the machine's directory given to whoever the machine's agent runs as. */
    void handOver(Path file) throws IOException;

    /** Removes what the host keeps of the machine: it is gone for good, its process stopped. */
    void destroy(int machineId) throws IOException;

    /** Machines that are processes of this host, running as its root. */
    record ProcessMachines(LocalLayout layout) implements MachineKind {
        @Override
        public void attach(int machineId) throws IOException {
            Files.createDirectories(layout.machineDir(machineId));
        }

        @Override
        public void prepare(int machineId, Map<String, String> hostEnvironment) throws IOException {
            attach(machineId);
        }

        @Override
        public void handOver(Path file) {
            // the agent runs as the host's root, who wrote it
        }

        @Override
        public void destroy(int machineId) throws IOException {
            // its credentials, units and Felix cache
            FileTrees.delete(layout.machineDir(machineId));
        }
    }
}
