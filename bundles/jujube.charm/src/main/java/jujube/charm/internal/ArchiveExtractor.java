package jujube.charm.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import jujube.charm.CharmArchiveException;

/**
 * Unpacks a charm archive into a new directory, safely: every entry name is checked before anything is
 * written (no absolute paths, no {@code ..}, no duplicates: zip-slip), files keep their permission bits,
 * symlinks must follow {@link LinkTargets} and are made last so no file is ever written through one.
 * The tree is built beside the target and renamed into place, so a failure leaves nothing behind.
 */
public final class ArchiveExtractor {
    /** Refuses archives that would unpack to more than this: a guard against zip bombs. */
    public static final long MAX_TOTAL_SIZE = 1L << 30;
    private static final int MAX_LINK_TARGET = 4096;

    private final Path archive;
    private final String label;

    public ArchiveExtractor(Path archive) {
        this.archive = archive;
        this.label = archive.toString();
    }

    public void extractTo(Path target) {
        try (ZipReader zip = ZipReader.open(archive)) {
            Map<String, ZipEntryInfo> entries = checkedEntries(zip);
            if (Files.exists(target, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                throw new CharmArchiveException(label, "cannot extract into " + target + ": it already exists");
            }
            Path parent = target.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            Path staging = Files.createTempDirectory(parent, "." + target.getFileName() + ".extracting");
            try {
                unpack(zip, entries, staging.toRealPath());
                // a temp directory is owner-only; the charm root gets the mode of any other charm directory
                UnixModes.apply(staging, 0755);
                Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException | RuntimeException e) {
                deleteTree(staging);
                throw e;
            }
        } catch (IOException e) {
            throw new CharmArchiveException(label, "cannot extract into " + target + ": " + e.getMessage(), e);
        }
    }

    /** The entries by normalised name, in name order (parents before children), all names checked. */
    private Map<String, ZipEntryInfo> checkedEntries(ZipReader zip) {
        Map<String, ZipEntryInfo> byName = new TreeMap<>();
        long total = 0;
        for (ZipEntryInfo entry : zip.entries()) {
            String name = normalise(entry.name());
            if (name.isEmpty()) {
                if (entry.isDirectory()) {
                    continue; // "./": the root itself
                }
                throw new CharmArchiveException(label, "entry \"" + entry.name() + "\" has no name");
            }
            if (byName.put(name, entry) != null) {
                throw new CharmArchiveException(label, "entry " + name + " appears more than once");
            }
            total += entry.size();
            if (total > MAX_TOTAL_SIZE) {
                throw new CharmArchiveException(label, "unpacks to more than " + MAX_TOTAL_SIZE + " bytes");
            }
        }
        return byName;
    }

    private String normalise(String name) {
        if (name.startsWith("/") || name.indexOf('\\') >= 0 || name.indexOf('\0') >= 0 || name.matches("^[A-Za-z]:.*")) {
            throw new CharmArchiveException(label, "entry \"" + name + "\" would be written outside the target directory (absolute or non-portable path)");
        }
        List<String> parts = new ArrayList<>();
        for (String part : name.split("/")) {
            if (part.equals("..")) {
                throw new CharmArchiveException(label, "entry \"" + name + "\" would be written outside the target directory (contains ..)");
            }
            if (!part.isEmpty() && !part.equals(".")) {
                parts.add(part);
            }
        }
        return String.join("/", parts);
    }

    private void unpack(ZipReader zip, Map<String, ZipEntryInfo> entries, Path root) throws IOException {
        Map<Path, Integer> directoryModes = new TreeMap<>(Comparator.reverseOrder());
        List<Map.Entry<String, ZipEntryInfo>> links = new ArrayList<>();
        for (Map.Entry<String, ZipEntryInfo> item : entries.entrySet()) {
            String name = item.getKey();
            ZipEntryInfo entry = item.getValue();
            Path path = root.resolve(name);
            if (entry.isSymlink()) {
                links.add(item);
            } else if (entry.isDirectory()) {
                Files.createDirectories(path);
                // owner keeps rwx so the agent can always read and later remove what it unpacked
                directoryModes.put(path, entry.permissions() | 0700);
            } else {
                Files.createDirectories(path.getParent());
                try (OutputStream out = Files.newOutputStream(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                    zip.copy(entry, out);
                } catch (FileAlreadyExistsException e) {
                    throw new CharmArchiveException(label, "entry " + name + " clashes with another entry");
                }
                UnixModes.apply(path, entry.permissions() | 0400);
            }
        }
        for (Map.Entry<String, ZipEntryInfo> item : links) {
            link(zip, item.getKey(), item.getValue(), root);
        }
        for (Map.Entry<Path, Integer> directory : directoryModes.entrySet()) {
            UnixModes.apply(directory.getKey(), directory.getValue());
        }
    }

    private void link(ZipReader zip, String name, ZipEntryInfo entry, Path root) throws IOException {
        String target = new String(zip.readAll(entry, MAX_LINK_TARGET), StandardCharsets.UTF_8);
        Path path = root.resolve(name);
        Files.createDirectories(path.getParent());
        // the parent may be reached through an earlier link: judge the link where it really lands
        Path parent = path.getParent().toRealPath();
        if (!parent.startsWith(root)) {
            throw new CharmArchiveException(label, "symlink " + name + " would be created outside the target directory");
        }
        String problem = LinkTargets.problem(target, LinkTargets.depth(root, parent)).orElse(null);
        if (problem != null) {
            throw new CharmArchiveException(label, "symlink " + name + " " + problem);
        }
        try {
            Files.createSymbolicLink(parent.resolve(path.getFileName()), Path.of(target));
        } catch (FileAlreadyExistsException e) {
            throw new CharmArchiveException(label, "symlink " + name + " clashes with another entry");
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                if (Files.isDirectory(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    path.toFile().setWritable(true, true);
                }
                Files.deleteIfExists(path);
            }
        }
    }
}
