package jujube.provider.local.internal;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import jujube.provider.local.HostMounts;
import jujube.provider.local.MachineIds;

/**
 * A container machine's disk: a sparse image of its size limit holding an ext4 filesystem, made once
 * and mounted by the host (without set-uid files or devices) before each start of the machine. Its root
 * is the machine's own: {@code upper/} and {@code work/}, the writable layer of the machine's root
 * filesystem, and {@code home/}, the machine's directory. Whatever a hook writes, to its charm or to
 * {@code /}, lands on this disk, so a hook filling it fills it alone, never the host's.
 *
 * @param image the image file, in the environment's directory (it outlives a reboot)
 * @param mount where it is mounted, in the environment's runtime directory
 */
record MachineDisk(Path image, Path mount) {
    /** The machine's directory, bound into it at the same path. */
    Path home() {
        return mount.resolve("home");
    }

    /** The writable layer of its root filesystem. */
    Path upper() {
        return mount.resolve("upper");
    }

    /** The overlay's work directory, which LXC expects beside the writable layer. */
    Path work() {
        return mount.resolve("work");
    }

    /**
     * Makes the disk (once), mounts it (unless it is), and makes its directories, owned by the
     * machine's root.
     */
    void attach(long sizeBytes, MachineIds ids) throws IOException {
        if (!Files.exists(image)) {
            make(sizeBytes, ids);
        }
        Files.createDirectories(mount);
        if (!HostMounts.mounted(mount)) {
            HostMounts.mountImage(image, mount);
        }
        owned(mount, "rwx------", ids);
        owned(upper(), "rwxr-xr-x", ids); // the machine's "/"
        owned(work(), "rwx------", ids);
        owned(home(), "rwx------", ids);
    }

    /** Unmounts the disk and deletes its image: the machine is gone for good. */
    void destroy() throws IOException {
        HostMounts.unmountAll(mount);
        Files.deleteIfExists(mount);
        Files.deleteIfExists(image);
    }

    /** A sparse file of the size, holding ext4 without a reserve for root (every byte is the machine's). */
    private void make(long sizeBytes, MachineIds ids) throws IOException {
        Files.createDirectories(image.getParent());
        Path partial = image.resolveSibling(image.getFileName() + ".partial");
        Files.deleteIfExists(partial);
        Files.createFile(partial, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try (RandomAccessFile file = new RandomAccessFile(partial.toFile(), "rw")) {
            file.setLength(sizeBytes);
        }
        HostMounts.makeFilesystem(partial, ids.uid(), ids.gid());
        Files.move(partial, image);
    }

    /**
     * Makes {@code dir} (unless it is there), the machine root's with {@code mode}. Never through a
     * link: the machine may have put one where the host expects a directory.
     */
    static Path owned(Path dir, String mode, MachineIds ids) throws IOException {
        if (Files.isSymbolicLink(dir)) {
            throw new IOException(dir + " is a symbolic link, which the host does not follow into a machine");
        }
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            Files.createDirectory(dir);
        }
        chown(dir, ids);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString(mode));
        return dir;
    }

    /** Gives {@code path} (a link itself, not what it points to) to the machine's root. */
    static void chown(Path path, MachineIds ids) throws IOException {
        Files.setAttribute(path, "unix:uid", (int) ids.uid(), LinkOption.NOFOLLOW_LINKS);
        Files.setAttribute(path, "unix:gid", (int) ids.gid(), LinkOption.NOFOLLOW_LINKS);
    }
}
