package jujube.provider.local.internal;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import jujube.files.FileTrees;
import jujube.provider.local.LocalLayout;

/**
 * A machine's log files, made ready before each start of its process. The agent writes and rolls its
 * own log ({@link LocalLayout#agentLog}), read at {@link LocalLayout#log} whatever the machine is: a process
 * machine writes there, a container machine's log directory is mounted there ({@link ContainerMachines}).
 * The process's own output ({@link LocalLayout#output}: the JVM's messages, a crash) grows only by a few
 * lines a start, and is moved aside to {@code .out.1} once past {@link #MAX_OUTPUT_BYTES} so that it stays
 * bounded too.
 */
final class MachineLogs {
    static final long MAX_OUTPUT_BYTES = 1024 * 1024;

    private MachineLogs() {
    }

    /**
     * Removes a terminated machine's log directory (a container machine's is unmounted by then), and its
     * output: nothing of the machine is left.
     */
    static void remove(LocalLayout layout, int machineId) throws IOException {
        FileTrees.delete(layout.log(machineId).getParent());
        for (Path file : List.of(layout.output(machineId), layout.containerLog(machineId))) {
            Files.deleteIfExists(file);
            Files.deleteIfExists(file.resolveSibling(file.getFileName() + ".1"));
        }
    }

    /** Creates the log's directory, and moves a full output file aside. */
    static void prepare(LocalLayout layout, int machineId) throws IOException {
        Files.createDirectories(layout.log(machineId).getParent());
        Path output = layout.output(machineId);
        if (Files.exists(output) && Files.size(output) > MAX_OUTPUT_BYTES) {
            Files.move(output, output.resolveSibling(output.getFileName() + ".1"), StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
