package jujube.charm.internal;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import jujube.charm.CharmArchiveException;
import jujube.files.AtomicFiles;

/**
 * Zips a charm directory: every file, directory and relative inside symlink with its unix mode, in
 * name order (so the same tree gives the same bytes), leaving out hidden entries at any depth and the
 * top-level {@code build/} directory, as the original did.
 */
public final class ArchiveBuilder {
    private final Path root;
    private final String label;

    public ArchiveBuilder(Path root) {
        this.root = root;
        this.label = root.toString();
    }

    public void writeTo(Path archive) {
        if (!Files.isDirectory(root)) {
            throw new CharmArchiveException(label, "is not a directory");
        }
        try {
            AtomicFiles.write(archive, out -> {
                ZipWriter zip = new ZipWriter(new BufferedOutputStream(out) {
                    @Override
                    public void close() throws IOException {
                        flush(); // AtomicFiles owns the stream and syncs it before closing
                    }
                });
                addChildren(zip, root, "", 0);
                zip.close();
            });
        } catch (IOException e) {
            throw new CharmArchiveException(label, "cannot be archived into " + archive + ": " + e.getMessage(), e);
        }
    }

    private void addChildren(ZipWriter zip, Path directory, String prefix, int depth) throws IOException {
        List<Path> children;
        try (Stream<Path> listing = Files.list(directory)) {
            children = listing.sorted().toList();
        }
        for (Path child : children) {
            String name = child.getFileName().toString();
            if (name.startsWith(".") || (depth == 0 && name.equals("build"))) {
                continue;
            }
            String entry = prefix + name;
            if (Files.isSymbolicLink(child)) {
                String target = Files.readSymbolicLink(child).toString();
                String problem = LinkTargets.problem(target, depth).orElse(null);
                if (problem != null) {
                    throw new CharmArchiveException(label, "symlink " + entry + " " + problem);
                }
                zip.symlink(entry, target);
            } else if (Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS)) {
                zip.directory(entry + "/", UnixModes.of(child));
                addChildren(zip, child, entry + "/", depth + 1);
            } else if (Files.isRegularFile(child, LinkOption.NOFOLLOW_LINKS)) {
                zip.file(entry, Files.readAllBytes(child), UnixModes.of(child));
            } else {
                throw new CharmArchiveException(label, entry + " is neither a file, a directory nor a symlink");
            }
        }
    }
}
