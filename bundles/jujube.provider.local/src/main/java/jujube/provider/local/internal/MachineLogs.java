package jujube.provider.local.internal;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import jujube.provider.local.LocalLayout;

/**
 * A machine's log files, made ready before each start of its process. The agent writes and rolls its
 * own log ({@link LocalLayout#agentLog}); for a container machine {@link LocalLayout#log} links to it, so
 * that every machine's log is read at the same place whatever the machine is. The process's own output
 * ({@link LocalLayout#output}: the JVM's messages, a crash) grows only by a few lines a start, and is
 * moved aside to {@code .out.1} once past {@link #MAX_OUTPUT_BYTES} so that it stays bounded too.
 */
final class MachineLogs {
    static final long MAX_OUTPUT_BYTES = 1024 * 1024;

    private MachineLogs() {
    }

    /**
     * Removes a terminated machine's log (and its link, for a container machine), the files rolled beside it
     * and its output: nothing of the machine is left.
     */
    static void remove(LocalLayout layout, int machineId) throws IOException {
        for (Path file : List.of(layout.log(machineId), layout.agentLog(machineId), layout.output(machineId))) {
            Files.deleteIfExists(file);
            try (DirectoryStream<Path> rolled = Files.newDirectoryStream(file.getParent(), file.getFileName() + ".*")) {
                for (Path old : rolled) {
                    if (old.getFileName().toString().substring(file.getFileName().toString().length() + 1).matches("[0-9]+")) {
                        Files.deleteIfExists(old);
                    }
                }
            } catch (NoSuchFileException e) {
                // its directory went with the machine's
            }
        }
    }

    /** Creates the log's directory and link, and moves a full output file aside. */
    static void prepare(LocalLayout layout, int machineId) throws IOException {
        Path log = layout.agentLog(machineId);
        Files.createDirectories(log.getParent());
        Path link = layout.log(machineId);
        Files.createDirectories(link.getParent());
        if (!link.equals(log) && !Files.isSymbolicLink(link)) {
            if (Files.exists(link, LinkOption.NOFOLLOW_LINKS)) {
                throw new IOException(link + " is not a link to the machine's log " + log);
            }
            Files.createSymbolicLink(link, link.getParent().relativize(log));
        }
        Path output = layout.output(machineId);
        if (Files.exists(output) && Files.size(output) > MAX_OUTPUT_BYTES) {
            Files.move(output, output.resolveSibling(output.getFileName() + ".1"), StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
