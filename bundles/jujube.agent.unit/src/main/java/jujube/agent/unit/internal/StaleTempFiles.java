package jujube.agent.unit.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes the temp files that atomic writes ({@code .<name>.<random>.tmp} beside their target) leave
 * behind when the process is killed between creating and renaming them. Nothing ever reads them; they
 * would only pile up, one per kill. Only files older than a minute go: during a bundle update the
 * outgoing component may still be writing (a write takes milliseconds), and its temp file must stay.
 */
final class StaleTempFiles {
    static final Duration AGE = Duration.ofMinutes(1);
    private static final Logger LOG = LoggerFactory.getLogger(StaleTempFiles.class);

    private StaleTempFiles() {
    }

    /** Removes the stale temp files under {@code dir} (any depth); returns how many went. */
    static int sweep(Path dir, Instant now) {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        Instant cutoff = now.minus(AGE);
        List<Path> stale;
        try (Stream<Path> files = Files.find(dir, 8, (path, attributes) -> isStale(path, attributes, cutoff))) {
            stale = files.toList();
        } catch (IOException | java.io.UncheckedIOException e) {
            LOG.warn("could not look for stale temp files under {}: {}", dir, e.getMessage());
            return 0;
        }
        int removed = 0;
        for (Path file : stale) {
            try {
                removed += Files.deleteIfExists(file) ? 1 : 0;
            } catch (IOException e) {
                LOG.warn("could not remove stale temp file {}: {}", file, e.getMessage());
            }
        }
        if (removed > 0) {
            LOG.info("removed {} temp file(s) left under {} by an interrupted write", removed, dir);
        }
        return removed;
    }

    private static boolean isStale(Path path, BasicFileAttributes attributes, Instant cutoff) {
        String name = path.getFileName().toString();
        return attributes.isRegularFile() && name.startsWith(".") && name.endsWith(".tmp")
                && attributes.lastModifiedTime().toInstant().isBefore(cutoff);
    }
}
