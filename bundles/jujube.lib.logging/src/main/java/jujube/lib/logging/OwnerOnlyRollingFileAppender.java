package jujube.lib.logging;

import ch.qos.logback.core.rolling.RollingFileAppender;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A rolling file appender whose files are their owner's only ({@code 0600}): an agent's log names the
 * relation settings and hooks of its units, which other users of the host have no business reading.
 * Logback creates a log file (the first one, and a new one at each roll) with the process's umask, which
 * the agent cannot narrow without narrowing its hooks' too; so the file is created here first, empty and
 * owner-only, and Logback then appends to it. A rolled file keeps its mode, being renamed.
 *
 * @param <E> the records
 */
public final class OwnerOnlyRollingFileAppender<E> extends RollingFileAppender<E> {
    @Override
    public void openFile(String fileName) throws IOException {
        Path file = Path.of(fileName);
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (FileAlreadyExistsException e) {
            // appended to as it is
        }
        super.openFile(fileName);
    }
}
