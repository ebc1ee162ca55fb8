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
import jujube.charm.CharmArchiveException;
import jujube.files.FileTrees;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;

/**
 * Unpacks a charm archive into a new directory, safely: every entry name is checked before anything is
 * written (no absolute paths, no {@code ..}, no duplicates: zip-slip), files keep their permission bits,
 * symlinks must follow {@link LinkTargets} and are made last so no file is ever written through one.
 * Sizes are limited twice: the declared sizes before anything is written, the bytes really inflated
 * while they are written ({@link ArchiveReader}), so a header that lies about a zip bomb changes nothing.
 * The tree is built beside the target and renamed into place, so a failure leaves nothing behind.
 */
public final class ArchiveExtractor {
    /** Refuses archives that would unpack to more than this: a guard against zip bombs. */
    public static final long MAX_TOTAL_SIZE = 1L << 30;
    /** The longest entry name, in UTF-8 bytes: far below PATH_MAX once below an agent's directories. */
    public static final int MAX_NAME_BYTES = 1024;
    /** The longest file name of one entry's path (NAME_MAX of Linux file systems). */
    public static final int MAX_NAME_PART_BYTES = 255;
    private static final int MAX_LINK_TARGET = 4096;

    private final Path archive;
    private final String label;
    private final long maxTotalSize;

    public ArchiveExtractor(Path archive) {
        this(archive, MAX_TOTAL_SIZE);
    }

    ArchiveExtractor(Path archive, long maxTotalSize) {
        this.archive = archive;
        this.label = archive.toString();
        this.maxTotalSize = maxTotalSize;
    }

    public void extractTo(Path target) {
        try (ArchiveReader zip = ArchiveReader.open(archive)) {
            Map<String, ZipArchiveEntry> entries = checkedEntries(zip);
            if (Files.exists(target, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                throw new CharmArchiveException(label, "cannot extract into " + target + ": it already exists");
            }
            Path parent = target.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            Path staging = Files.createTempDirectory(parent, "." + target.getFileName() + ".extracting");
            try {
                unpack(zip, entries, staging.toRealPath());
                // owner-only as everything the agents keep (docs/security.md); a temp directory is so already
                Files.setAttribute(staging, "unix:mode", 0700);
                Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException | RuntimeException e) {
                FileTrees.delete(staging);
                throw e;
            }
        } catch (IOException e) {
            throw new CharmArchiveException(label, "cannot extract into " + target + ": " + e.getMessage(), e);
        }
    }

    /** The entries by normalised name, in name order (parents before children), all names checked. */
    private Map<String, ZipArchiveEntry> checkedEntries(ArchiveReader zip) {
        Map<String, ZipArchiveEntry> byName = new TreeMap<>();
        long total = 0;
        for (ZipArchiveEntry entry : zip.entries()) {
            String name = normalise(entry.getName());
            if (name.isEmpty()) {
                if (ArchiveReader.isDirectory(entry)) {
                    continue; // "./": the root itself
                }
                throw new CharmArchiveException(label, "entry \"" + entry.getName() + "\" has no name");
            }
            if (byName.put(name, entry) != null) {
                throw new CharmArchiveException(label, "entry " + name + " appears more than once");
            }
            total += Math.max(entry.getSize(), 0);
            if (total > maxTotalSize) {
                throw new CharmArchiveException(label, "unpacks to more than " + maxTotalSize + " bytes");
            }
        }
        return byName;
    }

    /** Refuses an entry name too long, whole or in one of its parts; {@code label} names the charm. */
    static void checkName(String label, String name) {
        if (name.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
            throw new CharmArchiveException(label, "entry " + shortened(name) + " has a name longer than "
                    + MAX_NAME_BYTES + " bytes");
        }
        for (String part : name.split("/")) {
            if (part.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_PART_BYTES) {
                throw new CharmArchiveException(label, "entry " + shortened(name) + " has a file name longer"
                        + " than " + MAX_NAME_PART_BYTES + " bytes");
            }
        }
    }

    private String normalise(String name) {
        if (name.startsWith("/") || name.indexOf('\\') >= 0 || name.indexOf('\0') >= 0 || name.matches("^[A-Za-z]:.*")) {
            throw new CharmArchiveException(label, "entry \"" + name + "\" would be written outside the target directory (absolute or non-portable path)");
        }
        checkName(label, name);
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

    private static String shortened(String name) {
        return "\"" + (name.length() <= 64 ? name : name.substring(0, 64) + "...") + "\"";
    }

    /** A charm's directories: its owner's (the agent's and its hooks' user) alone. */
    private static final int OWNER_DIRECTORY = 0700;

    private void unpack(ArchiveReader zip, Map<String, ZipArchiveEntry> entries, Path root) throws IOException {
        Map<Path, Integer> directoryModes = new TreeMap<>(Comparator.reverseOrder());
        List<Map.Entry<String, ZipArchiveEntry>> links = new ArrayList<>();
        long budget = maxTotalSize;
        for (Map.Entry<String, ZipArchiveEntry> item : entries.entrySet()) {
            String name = item.getKey();
            ZipArchiveEntry entry = item.getValue();
            Path path = root.resolve(name);
            if (ArchiveReader.isSymlink(entry)) {
                links.add(item);
            } else if (ArchiveReader.isDirectory(entry)) {
                Files.createDirectories(path);
                // the owner's alone, with rwx so that the agent can always read and later remove what it unpacked
                directoryModes.put(path, OWNER_DIRECTORY);
            } else {
                Files.createDirectories(path.getParent());
                try (OutputStream out = Files.newOutputStream(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                    budget -= zip.copy(entry, out, budget);
                } catch (FileAlreadyExistsException e) {
                    throw new CharmArchiveException(label, "entry " + name + " clashes with another entry");
                }
                // the archive's bits for the owner (executable or not), none for anyone else
                Files.setAttribute(path, "unix:mode", ArchiveReader.permissions(entry) & 0700 | 0400);
            }
        }
        for (Map.Entry<String, ZipArchiveEntry> item : links) {
            link(zip, item.getKey(), item.getValue(), root);
        }
        for (Map.Entry<Path, Integer> directory : directoryModes.entrySet()) {
            Files.setAttribute(directory.getKey(), "unix:mode", directory.getValue());
        }
    }

    private void link(ArchiveReader zip, String name, ZipArchiveEntry entry, Path root) throws IOException {
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
}
