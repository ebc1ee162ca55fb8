package jujube.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import jujube.files.AtomicFiles;

/**
 * What a killed process leaves in Felix ConfigAdmin's file store, settled before the framework starts.
 * The store ({@code felix-cache/bundle<N>/data/config/}) keeps each configuration as
 * {@code <pid>.config} and replaces one through a temp file beside it,
 * {@code <pid>.config<random digits>.tmp}: it writes and closes the temp file, deletes the old
 * {@code .config}, then renames the temp file. It never reads a {@code .tmp} file and never removes one,
 * and it is not atomic: a kill before the rename leaves the temp file for good (one more per unlucky
 * kill: a machine agent killed while it deploys or retires unit agents), and a kill between the delete
 * and the rename leaves the configuration's new content only there, so the configuration itself is
 * gone (a retiring unit agent would be forgotten instead of retired).
 *
 * <p>Each such temp file is the write of a process that is dead now: the runtime directory is one
 * process's own, and this runs before its framework (hence its ConfigAdmin) starts. So no age has to
 * tell a leftover from a write in flight, as {@link AtomicFiles#sweepStaleTemps} must. A temp file whose
 * {@code .config} still exists is removed: the old content is intact, the interrupted write is as if
 * never made. A temp file without its {@code .config} and complete is renamed into place: the store had
 * deleted the old file only after closing this one, and completing the write is as if the kill came a
 * moment later. Complete means ending with the CRLF that ends each property line: the store writes the
 * whole file through one buffered writer flushed once (one write for a file below 8 KiB, as unit agent
 * configurations are), so a kill leaves it empty, cut short without its last CRLF, or whole. Anything
 * else is removed.
 */
final class ConfigStoreLeftovers {
    private static final Pattern TEMP = Pattern.compile("(.+\\.config)[0-9]+\\.tmp");

    private ConfigStoreLeftovers() {
    }

    /**
     * Settles the leftovers of every ConfigAdmin file store in the framework cache {@code felixCache}.
     *
     * @return how many temp files were removed or renamed
     */
    static int settle(Path felixCache) throws IOException {
        if (!Files.isDirectory(felixCache)) {
            return 0;
        }
        int settled = 0;
        try (DirectoryStream<Path> bundles = Files.newDirectoryStream(felixCache, "bundle*")) {
            for (Path bundle : bundles) {
                Path store = bundle.resolve("data").resolve("config");
                if (Files.isDirectory(store)) {
                    settled += settleStore(store);
                }
            }
        }
        return settled;
    }

    private static int settleStore(Path store) throws IOException {
        // by the .config each temp file was to replace, newest first
        Map<Path, List<Path>> temps = new TreeMap<>();
        try (Stream<Path> all = Files.walk(store)) {
            for (Path file : all.filter(Files::isRegularFile).toList()) {
                Matcher m = TEMP.matcher(file.getFileName().toString());
                if (m.matches()) {
                    temps.computeIfAbsent(file.resolveSibling(m.group(1)), c -> new ArrayList<>()).add(file);
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        int settled = 0;
        for (Map.Entry<Path, List<Path>> e : temps.entrySet()) {
            Path config = e.getKey();
            List<Path> newestFirst = e.getValue().stream()
                    .sorted(Comparator.comparing(ConfigStoreLeftovers::modified).reversed()).toList();
            for (Path temp : newestFirst) {
                if (!Files.exists(config) && complete(temp)) {
                    try {
                        Files.move(temp, config, StandardCopyOption.ATOMIC_MOVE);
                    } catch (AtomicMoveNotSupportedException ex) {
                        Files.move(temp, config);
                    }
                    AtomicFiles.syncDirectory(config.getParent());
                } else {
                    Files.deleteIfExists(temp);
                }
                settled++;
            }
        }
        return settled;
    }

    private static boolean complete(Path temp) throws IOException {
        long size = Files.size(temp);
        if (size < 2) {
            return false;
        }
        try (var channel = Files.newByteChannel(temp)) {
            var last = java.nio.ByteBuffer.allocate(2);
            channel.position(size - 2);
            while (last.hasRemaining() && channel.read(last) >= 0) {
                // a regular file gives its last two bytes in one read or two
            }
            return last.get(0) == '\r' && last.get(1) == '\n';
        }
    }

    private static FileTime modified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }
}
